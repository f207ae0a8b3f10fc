import { and, eq, or, type SQL } from 'drizzle-orm';
import { COMMENTABLE_TYPES } from '@rules';
import type { Viewer } from '../../auth/sessions';
import { problems, skills, solutions, stories } from '../../db/schema';
import { postPolicy } from '../posts/post.policy';
import { problemListedFor } from '../problems/problem.policy';
import { skillListedFor } from '../skills/skill.policy';
import { solutionListedFor } from '../solutions/solution.policy';
import type { SqlViewer } from '../spaces/space.policy';
import { storyListedFor, storyOnProblemFor } from '../stories/story.policy';

/** The post kinds, as the admin lists, analytics and export count them. */

export type PostTable = typeof stories | typeof problems | typeof solutions | typeof skills;

interface PostKind {
  table: PostTable;
  /** Listed to this viewer by the kind's policy. */
  listedFor: (viewer: SqlViewer) => SQL;
  /** Published (not a draft, approved, not hidden), for managers who count the whole space. */
  published: SQL;
}

export const POST_KINDS = {
  stories: {
    table: stories,
    // A space's stories include those posted on its problems (listed on the problem's tab).
    listedFor: (viewer: SqlViewer) => or(storyListedFor(viewer), storyOnProblemFor(viewer))!,
    published: postPolicy(stories).published(),
  },
  problems: {
    table: problems,
    listedFor: problemListedFor,
    published: postPolicy(problems).published(),
  },
  solutions: {
    table: solutions,
    listedFor: (viewer: SqlViewer) => solutionListedFor(viewer as Viewer | null),
    published: postPolicy(solutions).published(),
  },
  skills: {
    table: skills,
    listedFor: (viewer: SqlViewer) => skillListedFor(viewer as Viewer | null),
    published: postPolicy(skills).published(),
  },
} satisfies Record<(typeof COMMENTABLE_TYPES)[number], PostKind>;

export type PostKindName = keyof typeof POST_KINDS;
export const POST_KIND_NAMES = Object.keys(POST_KINDS) as PostKindName[];

/** Posts of `kind` in the space that a count includes: listed to the viewer, or (managers) published. */
export function postsCounted(
  kind: PostKindName,
  spaceId: string,
  viewer: SqlViewer | 'manager',
): SQL {
  const { table, listedFor, published } = POST_KINDS[kind];
  const shown = viewer === 'manager' ? published : listedFor(viewer);
  return and(eq(table.spaceId, spaceId), shown)!;
}
