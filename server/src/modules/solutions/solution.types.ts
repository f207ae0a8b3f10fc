import { SOLUTION_LISTS, SOLUTION_SORTS } from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { pageOf } from '../../graphql/page';
import { DraftablePostInput, Post } from '../posts/post.types';

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

@ObjectType()
export class SolutionCounters {
  @Field(() => Int) totalComments!: number;
  @Field(() => Int) totalReactions!: number;
  @Field(() => Int) totalProblems!: number;
  @Field(() => Int) totalUpvotes!: number;
  @Field(() => Int) totalDownvotes!: number;
  @Field(() => Int) totalOutcomes!: number;
}

@ObjectType({
  description: 'A problem a solution is linked to (those the viewer may read).',
})
export class LinkedProblem {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) status!: string;
  @Field(() => ID) spaceId!: string;
}

@ObjectType({
  description:
    'A solution, standalone or linked to problems. Rich text is sanitised on the server.',
  implements: Post,
})
export class Solution extends Post {
  @Field(() => String, { description: 'The title' }) name!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML)' })
  description!: string;
  @Field(() => Boolean) isDraft!: boolean;
  @Field(() => Date) updatedAt!: Date;
}

export const SolutionPage = pageOf(Solution);

@InputType()
export class CreateSolutionInput extends DraftablePostInput {
  @Field(() => String) name!: string;
  @Field(() => String, {
    description: 'Rich text; #hashtags in title and description become tags.',
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

@InputType()
export class UpdateSolutionInput extends DraftablePostInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
}
