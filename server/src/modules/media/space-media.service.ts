import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { htmlToPlainText, type MediaItem } from '@rules';
import type { Context } from '../../context';
import {
  afterCursor,
  decodeCursor,
  pageSize,
  type Page,
  flatMapPage,
  toPage,
} from '../../db/keyset';
import { problems, skills, solutions, stories } from '../../db/schema';
import type { PostType } from '../posts/post-path';
import { problemListedFor } from '../problems/problem.policy';
import { skillListedFor } from '../skills/skill.policy';
import { solutionListedFor } from '../solutions/solution.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { storyShownFor } from '../stories/story.policy';

/** One attachment of a post, as a space's media page lists it. */
export interface SpaceMediaEntry {
  item: MediaItem;
  postType: PostType;
  postId: string;
  /** A titled post's name; a story's opening words. */
  postTitle: string;
  createdAt: Date;
}

export interface SpaceMediaInput {
  spaceId?: string | null;
  /** Posts per page; each brings all its attachments (at most MEDIA_MAX_FILES). */
  first?: number | null;
  after?: string | null;
}

/** How many characters of a story stand for its title. */
const STORY_TITLE_LENGTH = 80;

const openingWords = (html: string) => {
  const text = htmlToPlainText(html).replace(/\s+/gu, ' ').trim();
  return text.length > STORY_TITLE_LENGTH ? `${text.slice(0, STORY_TITLE_LENGTH - 1)}…` : text;
};

interface PostWithFiles {
  postType: PostType;
  id: string;
  title: string;
  createdAt: Date;
  files: MediaItem[];
}

/**
 * Each post kind's table and who may see its posts in a list (the kind's own policy): a draft, a
 * pending anonymous post, a hidden post or a post of a space the viewer cannot read is never listed.
 */
const POST_KINDS = [
  { postType: 'stories', table: stories, title: stories.story, shownFor: storyShownFor },
  { postType: 'problems', table: problems, title: problems.name, shownFor: problemListedFor },
  { postType: 'solutions', table: solutions, title: solutions.name, shownFor: solutionListedFor },
  { postType: 'skills', table: skills, title: skills.name, shownFor: skillListedFor },
] as const;

/**
 * The attachments of a space's posts, newest post first and each post's files in their order:
 * only posts the viewer would see listed. Keyset paged by post (createdAt, id); every post kind
 * is asked for one page after the cursor and the newest of them make the page.
 */
export async function listSpaceMedia(
  ctx: Context,
  input: SpaceMediaInput,
): Promise<Page<SpaceMediaEntry>> {
  const space = await resolveActiveSpace(ctx, input.spaceId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const pages = await Promise.all(
    POST_KINDS.map(({ postType, table, title, shownFor }) =>
      ctx.db
        .select({ id: table.id, title, createdAt: table.createdAt, files: table.files })
        .from(table)
        .where(
          and(
            eq(table.spaceId, space.id),
            ne(table.files, sql`'[]'::jsonb`),
            shownFor(ctx.viewer),
            afterCursor(table.createdAt, table.id, cursor),
          ),
        )
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(size + 1)
        .then((rows) => rows.map((row): PostWithFiles => ({ ...row, postType }))),
    ),
  );
  const newestFirst = pages
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  // A page never splits a post: its files share the post's cursor.
  const page = toPage(newestFirst, size, (post) => ({ value: post.createdAt, id: post.id }));
  return flatMapPage(page, (post) =>
    post.files.map((item) => ({
      item,
      postType: post.postType,
      postId: post.id,
      postTitle: post.postType === 'stories' ? openingWords(post.title) : post.title,
      createdAt: post.createdAt,
    })),
  );
}
