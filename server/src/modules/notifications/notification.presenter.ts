import type { Context } from '../../context';
import { ANONYMOUS_AUTHOR, authorView, type AuthorView } from '../users/user.service';
import type { NotificationRow } from './notification.service';
import { postOfNotification } from './notification-titles.service';

/** At most this many actors are shown by name ('Ada, Ravi and 3 others'). */
const ACTORS_SHOWN = 3;

/** A notification as GraphQL and REST present it. */
export interface NotificationView {
  id: string;
  kind: string;
  itemType: string;
  itemId: string;
  spaceId: string | null;
  spaceName: string | null;
  actors: AuthorView[];
  actorCount: number;
  reaction: string | null;
  status: string | null;
  snippet: string | null;
  /** The post the notification is about (its item, or a comment's post) and its title. */
  postType: string | null;
  title: string | null;
  route: string;
  isRead: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const POST_ROUTES: Record<string, (id: string) => string> = {
  stories: (id) => `/story/${id}`,
  problems: (id) => `/problem/${id}/info`,
  solutions: (id) => `/solution/${id}/info`,
  skills: (id) => `/skill/${id}/info`,
  spaces: (id) => `/space/${id}/info`,
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The client route a notification opens: its item's page; a comment's opens its post; a follower
 * notification opens the newest follower's page.
 */
export function notificationRoute(row: NotificationRow): string {
  if (row.itemType === 'users') return `/network/${row.actorIds[0] ?? row.itemId}/info`;
  if (row.itemType === 'comments') {
    const postType = text(row.data.postType);
    const postId = text(row.data.postId);
    return postType && postId && POST_ROUTES[postType] ? POST_ROUTES[postType](postId) : '/';
  }
  return POST_ROUTES[row.itemType]!(row.itemId);
}

/** Actors, newest first; an anonymous post's author is never named. */
async function actorsOf(ctx: Context, row: NotificationRow): Promise<AuthorView[]> {
  if (row.data.anonymous === true) return [ANONYMOUS_AUTHOR];
  const loaded = await ctx.loaders.authorById.loadMany(row.actorIds.slice(0, ACTORS_SHOWN));
  return loaded.flatMap((author) =>
    author && !(author instanceof Error) ? [authorView(author)] : [],
  );
}

export async function presentNotification(
  ctx: Context,
  row: NotificationRow,
): Promise<NotificationView> {
  const post = postOfNotification(row);
  const [actors, spaceName, title] = await Promise.all([
    actorsOf(ctx, row),
    row.spaceId ? ctx.loaders.spaceNameById.load(row.spaceId) : null,
    post ? ctx.loaders.notifiedPostTitle.load(post) : null,
  ]);
  return {
    id: row.id,
    kind: row.kind,
    itemType: row.itemType,
    itemId: row.itemId,
    spaceId: row.spaceId,
    spaceName,
    actors,
    actorCount: row.data.anonymous === true ? 1 : row.actorCount,
    reaction: text(row.data.reaction),
    status: text(row.data.status),
    snippet: text(row.data.snippet),
    postType: post?.type ?? null,
    title,
    route: notificationRoute(row),
    isRead: row.isRead,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
