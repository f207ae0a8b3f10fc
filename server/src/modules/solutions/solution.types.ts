import {
  POST_DESCRIPTION_MAX,
  POST_DESCRIPTION_MIN,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  PROBLEM_STATUSES,
  SOLUTION_LISTS,
  SOLUTION_SORTS,
} from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { pageOf } from '../../graphql/page';
import { DraftablePostInput, Post } from '../posts/post.types';
import { ProblemStatusEnum } from '../problems/problem.enums';

export const SolutionListKind = enumOf(
  'SolutionListKind',
  SOLUTION_LISTS,
  'Which solutions a list shows.',
  {
    recent: "The space's solutions (the active space when none is named), or a problem's.",
    mysolutions: "The viewer's own solutions, drafts and anonymous ones included, in every space.",
  },
);
export type SolutionListKind = ValueOf<typeof SolutionListKind>;

export const SolutionSortKind = enumOf(
  'SolutionSortKind',
  SOLUTION_SORTS,
  'Order of a solution list.',
  {
    recent: 'Newest first.',
    upvotes: 'Most upvotes first.',
    downvotes: 'Most downvotes first.',
  },
);
export type SolutionSortKind = ValueOf<typeof SolutionSortKind>;

const TITLE_RULE = `${POST_TITLE_MIN} to ${POST_TITLE_MAX} characters`;
const DESCRIPTION_RULE = `its plain text ${POST_DESCRIPTION_MIN} to ${POST_DESCRIPTION_MAX} characters`;

@ObjectType({
  description: "A solution's stored counts, kept up to date as things are added and removed.",
})
export class SolutionCounters {
  @Field(() => Int, {
    description: 'Comments and replies that show (not hidden, and not under a hidden comment).',
  })
  totalComments!: number;
  @Field(() => Int, { description: 'Reactions people gave the solution.' })
  totalReactions!: number;
  @Field(() => Int, {
    description: 'Problems it is linked to, including any the viewer may not read.',
  })
  totalProblems!: number;
  @Field(() => Int, { description: 'Upvotes it has now (a reset vote no longer counts).' })
  totalUpvotes!: number;
  @Field(() => Int, { description: 'Downvotes it has now (a reset vote no longer counts).' })
  totalDownvotes!: number;
  @Field(() => Int, { description: 'Outcomes recorded for it; not tracked yet, so always 0.' })
  totalOutcomes!: number;
}

@ObjectType({
  description: 'A problem a solution is linked to (those the viewer may read).',
})
export class LinkedProblem {
  @Field(() => ID, { description: "The problem's id." }) id!: string;
  @Field(() => String, { description: "The problem's title." }) name!: string;
  @Field(() => ProblemStatusEnum, {
    description: `The problem's status: one of ${PROBLEM_STATUSES.join(', ')}.`,
  })
  status!: string;
  @Field(() => ID, { description: "The problem's space, which is also the solution's." })
  spaceId!: string;
}

@ObjectType({
  description:
    'A solution, standalone or linked to problems. Rich text is sanitised on the server.',
  implements: Post,
})
export class Solution extends Post {
  @Field(() => String, { description: `The title, ${TITLE_RULE}.` }) name!: string;
  @Field(() => String, {
    description: `Rich text (HTML sanitised on the server), ${DESCRIPTION_RULE}.`,
  })
  description!: string;
  @Field(() => Boolean, {
    description:
      'Whether it is a draft: only its author sees a draft, and no list but theirs shows it.',
  })
  isDraft!: boolean;
  @Field(() => Date, { description: 'When it was last edited.' }) updatedAt!: Date;
}

export const SolutionPage = pageOf(Solution);

@InputType({ description: 'A new solution, standalone or under a problem.' })
export class CreateSolutionInput extends DraftablePostInput {
  @Field(() => String, { description: `The title, ${TITLE_RULE} once trimmed.` }) name!: string;
  @Field(() => String, {
    description: `Rich text (HTML, sanitised on the server), ${DESCRIPTION_RULE}; #hashtags in title and description become tags.`,
  })
  description!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Posts the solution under this problem (in its space).',
  })
  problemId?: string;
}

@InputType({
  description: 'Changes to a solution (author only); an omitted field stays as it is.',
})
export class UpdateSolutionInput extends DraftablePostInput {
  @Field(() => String, { nullable: true, description: `A new title, ${TITLE_RULE}.` })
  name?: string;
  @Field(() => String, {
    nullable: true,
    description: `New rich text, ${DESCRIPTION_RULE}; tags are read again from both.`,
  })
  description?: string;
}
