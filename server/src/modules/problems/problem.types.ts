import { PROBLEM_LISTS, PROBLEM_SORTS, PROBLEM_STATUSES } from '@rules';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { DraftablePostInput, Post } from '../posts/post.types';

export const ProblemListKind = enumOf(
  'ProblemListKind',
  PROBLEM_LISTS,
  'Which problems a list shows. Recent and solving are public; the others need sign-in.',
  {
    recent: "The space's problems (the active space when none is named).",
    myproblems: "The viewer's own problems, drafts included, in every space.",
    mypriorities: "The problems the viewer joined, in the viewer's priority order, in every space.",
    solving: "The space's problems whose status is solving.",
  },
);
export type ProblemListKind = ValueOf<typeof ProblemListKind>;

export const ProblemSortKind = enumOf(
  'ProblemSort',
  PROBLEM_SORTS,
  "Order of a problem list; mypriorities keeps the viewer's priority order whatever the sort.",
  {
    recent: 'Newest first.',
    recentStatus: 'Most recent status change first.',
    participants: 'Most participants first.',
    solutions: 'Most solutions first.',
    stories: 'Most stories first.',
    location:
      'Nearest to the given position first; needs a position and lists only problems with a place.',
  },
);
export type ProblemSortKind = ValueOf<typeof ProblemSortKind>;

@ObjectType()
export class ProblemCounters {
  @Field(() => Int) totalComments!: number;
  @Field(() => Int) totalReactions!: number;
  @Field(() => Int) totalParticipants!: number;
  @Field(() => Int) totalStories!: number;
  @Field(() => Int) totalSolutions!: number;
  @Field(() => Int) totalRecipes!: number;
  @Field(() => Int) totalSolvers!: number;
}

@ObjectType({ description: 'One change of a problem’s status, newest first.' })
export class ProblemStatusActivity {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) fromStatus!: string | null;
  @Field(() => String) toStatus!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({
  description: 'A problem. The description is sanitised rich text.',
  implements: Post,
})
export class Problem extends Post {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML)' })
  description!: string;
  @Field(() => String, {
    description: `${PROBLEM_STATUSES.join(', ')} (default unsolved)`,
  })
  status!: string;
  @Field(() => Date) statusUpdatedAt!: Date;
  @Field(() => Boolean) isDraft!: boolean;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Float, {
    nullable: true,
    description: "Kilometres from the list's position; only in lists given a position.",
  })
  distanceKm?: number | null;
}

export const ProblemPage = pageOf(Problem);

@ObjectType({
  description: 'A problem the viewer joined, with their priority (missing: last).',
})
export class JoinedProblem {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Int, { nullable: true }) priority!: number | null;
}

@ObjectType()
export class PartAttribute {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
}

@ObjectType({
  description: 'A part of a problem: a stakeholder, a thing or a process.',
})
export class ProblemPart {
  @Field(() => ID) id!: string;
  @Field(() => ID) problemId!: string;
  @Field(() => String, { description: 'stakeholder, thing or process' })
  type!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => [PartAttribute]) attributes!: PartAttribute[];
  @Field(() => Boolean, {
    description: 'Whether the viewer may edit and delete it.',
  })
  canEdit!: boolean;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class Measurement {
  @Field(() => ID) id!: string;
  @Field(() => ID) problemId!: string;
  @Field(() => String) name!: string;
  @Field(() => Float) value!: number;
  @Field(() => String) unit!: string;
  @Field(() => String) note!: string;
  @Field(() => Date) measuredAt!: Date;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'Someone who joined a problem (impacted by it).' })
export class ProblemMember {
  @Field(() => AuthorType) user!: AuthorType;
  @Field(() => Date) joinedAt!: Date;
}

export const ProblemMemberPage = pageOf(ProblemMember);
export type ProblemMemberPage = InstanceType<typeof ProblemMemberPage>;

@InputType()
export class CreateProblemInput extends DraftablePostInput {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
}

@InputType()
export class UpdateProblemInput extends DraftablePostInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
}

@InputType()
export class LeavingSolutionInput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
}

@InputType({
  description: 'What a member says when leaving (the Leave Problem wizard).',
})
export class LeaveProblemInput {
  @Field(() => String, { nullable: true }) emoji?: string;
  @Field(() => String, { nullable: true }) leavingComment?: string;
  @Field(() => [LeavingSolutionInput], { nullable: true })
  solutions?: LeavingSolutionInput[];
}

@InputType()
export class PartAttributeInput {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) value?: string;
}

@InputType()
export class ProblemPartInput {
  @Field(() => String, { description: 'stakeholder, thing or process' })
  type!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => [PartAttributeInput], { nullable: true })
  attributes?: PartAttributeInput[];
}

@InputType()
export class MeasurementInput {
  @Field(() => String) name!: string;
  @Field(() => Float) value!: number;
  @Field(() => String, { nullable: true }) unit?: string;
  @Field(() => String, { nullable: true }) note?: string;
  @Field(() => Date, {
    nullable: true,
    description: 'When it was measured; now when omitted.',
  })
  measuredAt?: Date;
}
