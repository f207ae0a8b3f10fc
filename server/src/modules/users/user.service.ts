import { eq } from 'drizzle-orm';
import {
  GLOBAL_SPACE_ID,
  REPORT_MESSAGES,
  appLangSchema,
  bioSchema,
  displayNameSchema,
  webUrlSchema,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import {
  maps,
  problemParticipants,
  problems,
  skillMembers,
  solutions,
  spaces,
  stories,
  tagFollows,
  users,
} from '../../db/schema';
import { AppError, notFound, parseInput, unauthenticated } from '../../errors';
import type { AuthorRow } from '../../graphql/loaders';
import { removeCommentsOf } from '../comments/comment-counters';
import { republishPresence } from '../chat/chat-presence.service';
import { removeMaps } from '../maps/map.service';
import { removeQueuedFiles } from '../media/stored-files.service';
import { removeFollowsOf } from '../people/people.service';
import { stepProblemParticipants } from '../problems/problem-counters';
import { removeProblems } from '../problems/problem.service';
import { removeReactionsOf } from '../reactions/reaction.service';
import { stepSkillMembers } from '../skills/skill-counters';
import { removeSolutions } from '../solutions/solution.service';
import { removeStories } from '../stories/story.service';
import { stepTagFollowers } from '../tags/tag-counters';
import { removeVotesOf } from '../votes/vote.service';

export const requireViewer = (ctx: Context) => {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
};

/** The end of a suspension still running, or null (a past end no longer counts). */
export const activeSuspension = (suspendedUntil: Date | null, now = new Date()): Date | null =>
  suspendedUntil && suspendedUntil.getTime() > now.getTime() ? suspendedUntil : null;

/**
 * The signed-in viewer, allowed to write: a suspended account reads but writes nothing, and is
 * told until when. Every service that creates, changes or removes content or engagement calls
 * this instead of `requireViewer`; signing out, reading notifications and deleting the account
 * stay open to a suspended person.
 */
export const requireWriter = (ctx: Context) => {
  const viewer = requireViewer(ctx);
  const until = activeSuspension(viewer.suspendedUntil);
  if (until) {
    const date = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    throw new AppError('FORBIDDEN', REPORT_MESSAGES.suspended.replace('{{date}}', date), {
      suspendedUntil: until.toISOString(),
    });
  }
  return viewer;
};

/** The signed-in user with their default space (the global space when none is set). */
export async function getMe(ctx: Context) {
  const viewer = requireViewer(ctx);
  const [row] = await ctx.db
    .select({ user: users, space: { id: spaces.id, name: spaces.name } })
    .from(users)
    .leftJoin(spaces, eq(spaces.id, users.defaultSpaceId))
    .where(eq(users.id, viewer.id));
  if (!row) throw notFound();
  return { ...row.user, defaultSpace: row.space ?? (await globalSpace(ctx)) };
}
export type Me = Awaited<ReturnType<typeof getMe>>;

async function globalSpace(ctx: Context) {
  const [space] = await ctx.db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaces)
    .where(eq(spaces.id, GLOBAL_SPACE_ID));
  return space ?? { id: GLOBAL_SPACE_ID, name: 'Global' };
}

const profileSchema = z.object({
  displayName: displayNameSchema.optional(),
  photoURL: webUrlSchema.nullish(),
  bio: bioSchema.nullish(),
});

export async function updateProfile(ctx: Context, input: unknown): Promise<Me> {
  const viewer = requireWriter(ctx);
  const data = parseInput(profileSchema, input);
  await ctx.db
    .update(users)
    .set({
      ...(data.displayName !== undefined && { displayName: data.displayName }),
      ...(data.photoURL !== undefined && { photoUrl: data.photoURL }),
      ...(data.bio !== undefined && { bio: data.bio }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, viewer.id));
  return getMe(ctx);
}

export async function updateLanguage(ctx: Context, appLang: unknown): Promise<Me> {
  const viewer = requireViewer(ctx);
  const lang = parseInput(appLangSchema, appLang, 'appLang');
  await ctx.db
    .update(users)
    .set({ appLang: lang, updatedAt: new Date() })
    .where(eq(users.id, viewer.id));
  return getMe(ctx);
}

/**
 * Hides the viewer's chat presence from everyone else (offline, no last seen) or shows it again
 * to the people they share a conversation or a private space with; they still see others'. Open
 * to a suspended person (a privacy setting, not a write others see). Watchers hear at once.
 */
export async function setPresenceHidden(ctx: Context, hidden: unknown): Promise<Me> {
  const viewer = requireViewer(ctx);
  const value = parseInput(z.boolean(), hidden, 'hidePresence');
  await ctx.db
    .update(users)
    .set({ hidePresence: value, updatedAt: new Date() })
    .where(eq(users.id, viewer.id));
  await republishPresence(ctx.db, ctx.pubsub, viewer.id);
  return getMe(ctx);
}

/**
 * Deleting an account removes the user with their sessions, posts, comments, reactions, joins and
 * follows, in one transaction that takes each out of every counter it was in (the cascade alone
 * would leave posts, comments, problems, solutions, skills and tags counting what is gone).
 */
export async function deleteAccount(ctx: Context): Promise<void> {
  const viewer = requireViewer(ctx);
  await ctx.db.transaction(async (tx) => {
    // Their comments and reactions on other people's posts leave those posts' counters.
    await removeCommentsOf(tx, viewer.id);
    await removeReactionsOf(tx, viewer.id);
    await removeStories(tx, eq(stories.authorId, viewer.id));
    await removeSolutions(tx, eq(solutions.authorId, viewer.id));
    await removeVotesOf(tx, viewer.id);
    await removeFollowsOf(tx, viewer.id);
    // Their recipes on other people's problems leave those problems' recipe counters.
    await removeMaps(tx, eq(maps.authorId, viewer.id));
    await removeProblems(tx, eq(problems.authorId, viewer.id));
    const joined = await tx
      .delete(problemParticipants)
      .where(eq(problemParticipants.userId, viewer.id))
      .returning({ problemId: problemParticipants.problemId });
    await stepProblemParticipants(
      tx,
      joined.map((row) => row.problemId),
      -1,
    );
    const skillsHad = await tx
      .delete(skillMembers)
      .where(eq(skillMembers.userId, viewer.id))
      .returning({ skillId: skillMembers.skillId });
    await stepSkillMembers(
      tx,
      skillsHad.map((row) => row.skillId),
      -1,
    );
    const followed = await tx
      .delete(tagFollows)
      .where(eq(tagFollows.userId, viewer.id))
      .returning({ tagId: tagFollows.tagId });
    await stepTagFollowers(
      tx,
      followed.map((row) => row.tagId),
      -1,
    );
    await tx.delete(users).where(eq(users.id, viewer.id));
  });
  // Their uploads went with them (cascade), queued for removal from storage.
  await removeQueuedFiles(ctx);
  // The rows went with the user; this tells every process to close the account's websockets.
  await ctx.sessions.invalidateAllFor(viewer.id);
  ctx.cookies?.set(ctx.sessions.blankCookie());
}

export interface AuthorView {
  id: string;
  displayName: string;
  photoURL: string;
  role: 'person' | 'org' | 'user';
}

/** Anonymous posts show this author to everyone (the spec: 'Anonymous', empty photo and id). */
export const ANONYMOUS_AUTHOR: AuthorView = {
  id: '',
  displayName: 'Anonymous',
  photoURL: '',
  role: 'user',
};

export const authorView = (user: AuthorRow | null): AuthorView =>
  user
    ? { id: user.id, displayName: user.displayName, photoURL: user.photoUrl ?? '', role: user.role }
    : ANONYMOUS_AUTHOR;

/**
 * The author of a post (problem, solution, skill, story): 'Anonymous' to everyone, its author
 * included, when posted anonymously. A post that comes with its author's row (a list that joined
 * it) answers at once, without a promise per item.
 */
export function postAuthor(
  ctx: Context,
  post: { isAnonymousPost: boolean; authorId: string; author?: AuthorRow | null },
): AuthorView | Promise<AuthorView> {
  if (post.isAnonymousPost) return ANONYMOUS_AUTHOR;
  if (post.author !== undefined) return authorView(post.author);
  return ctx.loaders.authorById.load(post.authorId).then(authorView);
}
