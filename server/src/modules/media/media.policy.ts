import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { problems, skills, solutions, stories, uploads } from '../../db/schema';
import { problemReadableBy } from '../problems/problem.policy';
import { skillReadableBy } from '../skills/skill.policy';
import { solutionReadableBy } from '../solutions/solution.policy';
import { spaceReadableBy } from '../spaces/space.policy';
import { storyReadableBy } from '../stories/story.policy';

/**
 * An upload is readable exactly when what it is attached to is: a post by its kind's own rule
 * (drafts and pending posts to their author, hidden ones to the author and moderators, a private
 * space's to its readers), a space's image by the space's readers. One not attached yet is its
 * owner's alone, while they can read its space. A deleted post has taken its uploads with it.
 */
const POST_RULES = [
  { type: 'stories', table: stories, readableBy: storyReadableBy },
  { type: 'problems', table: problems, readableBy: problemReadableBy },
  { type: 'solutions', table: solutions, readableBy: solutionReadableBy },
  { type: 'skills', table: skills, readableBy: skillReadableBy },
] as const;

/** SQL on `uploads`: the viewer may read the file (see above). */
export function uploadReadableBy(viewer: Viewer | null): SQL {
  const attachedToReadablePost = POST_RULES.map(({ type, table, readableBy }) =>
    and(
      eq(uploads.attachedType, type),
      sql`exists (select 1 from ${table} where ${table.id} = ${uploads.attachedId} and ${readableBy(viewer)})`,
    ),
  );
  const spaceImage = and(
    eq(uploads.attachedType, 'spaces'),
    spaceReadableBy(viewer, uploads.spaceId),
  );
  const ownUnattached = viewer
    ? and(
        isNull(uploads.attachedType),
        eq(uploads.ownerId, viewer.id),
        spaceReadableBy(viewer, uploads.spaceId),
      )
    : undefined;
  return or(...attachedToReadablePost, spaceImage, ownUnattached)!;
}
