import { eq } from 'drizzle-orm';
import {
  GLOBAL_SPACE_ID,
  MESSAGES,
  appLangSchema,
  bioSchema,
  displayNameSchema,
  userSyncSchema,
  webUrlSchema,
} from '@rules';
import { z } from 'zod';
import { requireViewer, requireWriter } from '../../auth/guards';
import type { Context } from '../../context';
import { spaces, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { republishPresence } from '../chat/chat-presence.service';
import type { AuthorRow } from './user.rows';

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

/**
 * `/user/sync` (v1): the spec's client tells the server about the account it signed up or in
 * with, so the server can make its record. Here sign-up made it, so a sync changes nothing: it
 * checks the account is the caller's (FORBIDDEN for another `uid`) and answers the record. The
 * role was chosen at sign-up and stays (a social sign-in's client says `person` whatever the
 * account is); a role that is neither person nor org is refused like any bad input.
 */
export async function syncUser(ctx: Context, input: unknown): Promise<Me> {
  const viewer = requireViewer(ctx);
  const data = parseInput(userSyncSchema, input);
  if (data.uid !== undefined && data.uid !== viewer.id)
    throw new AppError('FORBIDDEN', MESSAGES.syncOtherAccount, { field: 'uid' });
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
