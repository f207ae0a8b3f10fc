import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { problems, spaces, stories, users } from '../../db/schema';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import { follow } from '../../live/follow';
import type { LiveFeed } from '../../live/hub';
import { liveEngagementColumn } from '../posts/engagement-columns';
import {
  PARENT_PROBLEM_COLUMNS,
  problemSpaces,
  withParentProblem,
} from '../posts/live-parent-problem';
import { resolveActiveSpace } from '../spaces/space.service';
import { storyListedIn, storyOnProblemIn, type LiveStory } from './story.policy';
import { problemFor } from './story.service';

/** One statement per event and process: the story with its author, space and problem. */
async function loadLiveStory(db: Db, { storyId }: { storyId: string }): Promise<LiveStory | null> {
  const statement = preparedStatement(db, 'live_story', (db, name) =>
    db
      .select({
        ...getTableColumns(stories),
        author: AUTHOR_COLUMNS,
        space: { id: spaces.id, isPrivate: spaces.isPrivate },
        ...PARENT_PROBLEM_COLUMNS,
        engagement: liveEngagementColumn('stories', stories.id),
      })
      .from(stories)
      .innerJoin(spaces, eq(spaces.id, stories.spaceId))
      .leftJoin(users, eq(users.id, stories.authorId))
      .leftJoin(problems, eq(problems.id, stories.problemId))
      .leftJoin(problemSpaces, eq(problemSpaces.id, problems.spaceId))
      .where(eq(stories.id, sql.placeholder('storyId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ storyId });
  if (!row) return null;
  return withParentProblem(row);
}

const storiesInSpace: LiveFeed<'space', LiveStory> = { topic: 'space', load: loadLiveStory };
const storiesOnProblem: LiveFeed<'problem', LiveStory> = { topic: 'problem', load: loadLiveStory };

/**
 * A live list: a space feed, or a problem's Stories tab when `problemId` is given (a problem the
 * viewer may read, else NOT_FOUND at once). Yields each story as it appears there, checked against
 * this viewer's access at that moment.
 */
export async function storiesAddedTo(
  ctx: Context,
  where: { spaceId?: string | null; problemId?: string | null },
): Promise<AsyncIterableIterator<LiveStory>> {
  if (where.problemId) {
    const problem = await problemFor(ctx, where.problemId);
    return follow(ctx, storiesOnProblem, problem.id, (story, access) =>
      storyOnProblemIn(access, story),
    );
  }
  const space = await resolveActiveSpace(ctx, where.spaceId);
  return follow(ctx, storiesInSpace, space.id, (story, access) => storyListedIn(access, story));
}
