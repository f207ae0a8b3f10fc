import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { chatConversations, spaces } from '../../db/schema';
import type { AccessLease } from '../../live/access';
import type { Log } from '../../log';
import { conversationReadableIn } from './chat.policy';
import { memberConversationIdsOf } from './chat-members.service';

/** What a live event needs of a conversation to judge it in memory (never changes after creation). */
export interface LiveConversation {
  id: string;
  type: string;
  spaceId: string | null;
  spaceIsPrivate: boolean;
}

const CONVERSATION_COLUMNS = {
  id: chatConversations.id,
  type: chatConversations.type,
  spaceId: chatConversations.spaceId,
  spaceIsPrivate: sql<boolean>`coalesce(${spaces.isPrivate}, false)`,
};

async function loadConversation(db: Db, id: string): Promise<LiveConversation | null> {
  const statement = preparedStatement(db, 'live_chat_conversation', (db, name) =>
    db
      .select(CONVERSATION_COLUMNS)
      .from(chatConversations)
      .leftJoin(spaces, eq(spaces.id, chatConversations.spaceId))
      .where(eq(chatConversations.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** One person with live chat subscriptions here: the conversations they have member rows in. */
interface Person {
  holders: number;
  memberOf: Set<string> | Promise<Set<string>>;
}

/** A person's member rows before and after a reload (a `chatMembers` event named them). */
export interface Reload {
  before: Set<string> | Promise<Set<string>>;
  after: Promise<Set<string>>;
}

/**
 * What each person with live chat subscriptions in this process may read, in memory, so an event
 * is judged per subscriber without a query: the conversations each person is a member of (held
 * while they subscribe, reloaded when a `chatMembers` event names them), and the conversations
 * followed here (their type and space never change). `followed(id)` says whether a subscription
 * here still follows a conversation; only those stay cached.
 */
export class ChatMemberships {
  private readonly people = new Map<string, Person>();
  private readonly conversations = new Map<string, Promise<LiveConversation | null>>();

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly followed: (conversationId: string) => boolean,
  ) {}

  /** Holds the person's member rows in memory until as many releasePerson calls. */
  holdPerson(viewerId: string): Promise<Set<string>> {
    let person = this.people.get(viewerId);
    if (person) person.holders++;
    else {
      person = { holders: 1, memberOf: new Set() };
      this.people.set(viewerId, person);
      this.load(viewerId, person);
    }
    return Promise.resolve(person.memberOf);
  }

  releasePerson(viewerId: string) {
    const person = this.people.get(viewerId);
    if (person && --person.holders === 0) this.people.delete(viewerId);
  }

  /** Reloads the member rows of a person held here at once (null if not held). */
  reloadPerson(viewerId: string): Reload | null {
    const person = this.people.get(viewerId);
    if (!person) return null;
    const before = person.memberOf;
    return { before, after: this.load(viewerId, person) };
  }

  /** Whether the person has live chat subscriptions here. */
  holds(viewerId: string) {
    return this.people.has(viewerId);
  }

  private load(viewerId: string, person: Person): Promise<Set<string>> {
    const loading: Promise<Set<string>> = memberConversationIdsOf(this.db, viewerId).then(
      (ids) => new Set(ids),
      (error: unknown) => {
        // Fail closed: until a reload succeeds, only space chats reach the person.
        this.log.error({ err: error, viewerId }, 'live chat memberships not loaded');
        return new Set<string>();
      },
    );
    person.memberOf = loading;
    void loading.then((memberOf) => {
      // A later reload (a newer membership event) wins over this one.
      if (person.memberOf === loading) person.memberOf = memberOf;
    });
    return loading;
  }

  conversation(id: string): Promise<LiveConversation | null> {
    let loading = this.conversations.get(id);
    if (!loading) {
      loading = loadConversation(this.db, id);
      this.conversations.set(id, loading);
      // Only conversations someone here follows stay cached (see keepConversation).
      void loading.then(
        (found) => {
          if (!found || !this.followed(id)) this.conversations.delete(id);
        },
        () => this.conversations.delete(id),
      );
    }
    return loading;
  }

  /** A subscription here now follows the conversation: kept while followed, as it never changes. */
  keepConversation(conversationId: string, conversation: LiveConversation) {
    this.conversations.set(conversationId, Promise.resolve(conversation));
  }

  /** Drops the cached conversation unless a subscription here still follows it. */
  unfollowed(conversationId: string) {
    if (!this.followed(conversationId)) this.conversations.delete(conversationId);
  }

  /** The conversation was deleted: forgotten at once. */
  forgetConversation(conversationId: string) {
    this.conversations.delete(conversationId);
  }

  /** Whether the viewer may still read the conversation, from memory only. */
  async readable(viewerId: string, lease: AccessLease, conversation: LiveConversation) {
    const memberOf = await this.people.get(viewerId)?.memberOf;
    if (!memberOf) return false;
    return conversationReadableIn(await current(lease), memberOf, conversation);
  }

  /** People held here (tests and diagnostics). */
  get size() {
    return this.people.size;
  }
}

/** The lease's access, awaited whether or not a refresh is due. */
export const current = async (lease: AccessLease) => lease.current();
