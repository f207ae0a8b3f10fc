import { and, eq, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgTable } from 'drizzle-orm/pg-core';
import { chatConversations, chatMembers, spaceParticipants, spaces, users } from '../../db/schema';
import { spaceIsReadable, type SqlViewer } from '../spaces/space.policy';
import { conversationReadableBy } from './chat.policy';

/** A person in the rules below: their id, or a column holding it (one statement, many people). */
export type SqlPerson = string | SQLWrapper;

// The person stands in for a viewer's id: the conversation and space policies read nothing else.
const asViewer = (person: SqlPerson) => ({ id: person }) as unknown as SqlViewer;

/** A table under another name: its columns, and the FROM item (an alias alone renders its name). */
function renamed<Table extends AnyPgTable>(table: Table, name: string) {
  return { columns: alias(table, name), from: sql`${table} as ${sql.identifier(name)}` };
}
const mine = renamed(chatMembers, 'presence_mine');
const theirs = renamed(chatMembers, 'presence_theirs');
const myPlaces = renamed(spaceParticipants, 'presence_my_places');
const theirPlaces = renamed(spaceParticipants, 'presence_their_places');

/**
 * SQL: the two people may see each other's presence (symmetric). They share a conversation both
 * may read (a direct chat, a group or a channel they are both members of), or both are active
 * participants of one private space. A space's own chat does not count by itself, nor do the
 * global and country spaces: everyone is in those. The member and participant rows only lead the
 * planner to the few candidates; the conversation and space policies decide.
 */
export function sharesPresence(person: SqlPerson, other: SqlPerson): SQL {
  const conversation = sql`exists (select 1 from ${mine.from}
    join ${theirs.from} on ${theirs.columns.conversationId} = ${mine.columns.conversationId}
    join ${chatConversations} on ${chatConversations.id} = ${mine.columns.conversationId}
    where ${and(
      eq(mine.columns.userId, person),
      eq(theirs.columns.userId, other),
      sql`${chatConversations.type} <> 'space'`,
      conversationReadableBy(asViewer(person)),
      conversationReadableBy(asViewer(other)),
    )})`;
  const privateSpace = sql`exists (select 1 from ${myPlaces.from}
    join ${theirPlaces.from} on ${theirPlaces.columns.spaceId} = ${myPlaces.columns.spaceId}
    join ${spaces} on ${spaces.id} = ${myPlaces.columns.spaceId}
    where ${and(
      eq(myPlaces.columns.userId, person),
      eq(theirPlaces.columns.userId, other),
      eq(spaces.isPrivate, true),
      spaceIsReadable(asViewer(person)),
      spaceIsReadable(asViewer(other)),
    )})`;
  return or(conversation, privateSpace)!;
}

/**
 * SQL on `users`: the viewer may see this person's presence (state and last seen). Themselves
 * always; anyone else only while they share a conversation or a private space (sharesPresence)
 * and the person has not hidden their presence. Everyone else sees them offline with no last
 * seen, exactly as someone who never connected. Signed out, nobody's.
 */
export function presenceShownTo(viewerId: SqlPerson | null): SQL {
  if (viewerId === null) return sql`false`;
  return or(
    eq(users.id, viewerId),
    and(not(users.hidePresence), sharesPresence(viewerId, users.id)),
  )!;
}
