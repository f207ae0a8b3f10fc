import {
  DEFAULT_PROBLEM_STATUS,
  LEAVING_COMMENT_MAX,
  LEAVING_SOLUTIONS_MAX,
  MEASUREMENT_NAME_MAX,
  MEASUREMENT_NOTE_MAX,
  MEASUREMENT_UNIT_MAX,
  POST_DESCRIPTION_MAX,
  POST_DESCRIPTION_MIN,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  PROBLEM_ATTRIBUTE_NAME_MAX,
  PROBLEM_ATTRIBUTE_VALUE_MAX,
  PROBLEM_LISTS,
  PROBLEM_PART_ATTRIBUTES_MAX,
  PROBLEM_PART_DESCRIPTION_MAX,
  PROBLEM_PART_NAME_MAX,
  PROBLEM_PART_TYPES,
  PROBLEM_SORTS,
  PROBLEM_STATUSES,
} from '@rules';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { DraftablePostInput, Post } from '../posts/post.types';
import { ProblemPartTypeEnum, ProblemStatusEnum } from './problem.enums';

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

const TITLE_RULE = `${POST_TITLE_MIN} to ${POST_TITLE_MAX} characters`;
const DESCRIPTION_RULE = `its plain text ${POST_DESCRIPTION_MIN} to ${POST_DESCRIPTION_MAX} characters`;
const PART_TYPES = PROBLEM_PART_TYPES.join(', ');

@ObjectType({
  description: "A problem's stored counts, kept up to date as things are added and removed.",
})
export class ProblemCounters {
  @Field(() => Int, {
    description: 'Comments and replies that show (not hidden, and not under a hidden comment).',
  })
  totalComments!: number;
  @Field(() => Int, { description: 'Reactions people gave the problem.' })
  totalReactions!: number;
  @Field(() => Int, {
    description: 'People who joined it (impacted); its author joins on creating it.',
  })
  totalParticipants!: number;
  @Field(() => Int, { description: 'Published, approved stories posted to the problem.' })
  totalStories!: number;
  @Field(() => Int, { description: 'Published, approved solutions linked to the problem.' })
  totalSolutions!: number;
  @Field(() => Int, { description: 'Recipes (2D maps tied to the problem) that are not private.' })
  totalRecipes!: number;
  @Field(() => Int, {
    description: 'Distinct named authors of those solutions (anonymous ones count nobody).',
  })
  totalSolvers!: number;
}

@ObjectType({ description: 'One change of a problem’s status, newest first.' })
export class ProblemStatusActivity {
  @Field(() => ID, { description: 'Identifies this status change.' }) id!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The status before the change; null when it was not recorded.',
  })
  fromStatus!: string | null;
  @Field(() => ProblemStatusEnum, {
    description: `The new status: one of ${PROBLEM_STATUSES.join(', ')}.`,
  })
  toStatus!: string;
  @Field(() => Date, { description: 'When the status changed.' }) createdAt!: Date;
}

@ObjectType({
  description: 'A problem. The description is sanitised rich text.',
  implements: Post,
})
export class Problem extends Post {
  @Field(() => String, { description: `The title, ${TITLE_RULE}.` }) name!: string;
  @Field(() => String, {
    description: `Rich text (HTML sanitised on the server), ${DESCRIPTION_RULE}.`,
  })
  description!: string;
  @Field(() => ProblemStatusEnum, {
    description: `One of ${PROBLEM_STATUSES.join(', ')} (new problems: ${DEFAULT_PROBLEM_STATUS}); the author and members change it.`,
  })
  status!: string;
  @Field(() => Date, {
    description: 'When the status last changed; when it was created until then.',
  })
  statusUpdatedAt!: Date;
  @Field(() => Boolean, {
    description:
      'Whether it is a draft: only its author sees a draft, and no list but theirs shows it.',
  })
  isDraft!: boolean;
  @Field(() => Date, { description: 'When it was last edited or its status changed.' })
  updatedAt!: Date;
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
  @Field(() => ID, { description: "The problem's id." }) id!: string;
  @Field(() => String, { description: "The problem's title." }) name!: string;
  @Field(() => Int, {
    nullable: true,
    description: "The viewer's priority, 1 first; null when none is set (listed last).",
  })
  priority!: number | null;
}

@ObjectType({ description: 'A named value describing a problem part (an age, a cost, a place).' })
export class PartAttribute {
  @Field(() => String, {
    description: `The attribute's name, at most ${PROBLEM_ATTRIBUTE_NAME_MAX} characters.`,
  })
  name!: string;
  @Field(() => String, {
    description: `Its value, at most ${PROBLEM_ATTRIBUTE_VALUE_MAX} characters; may be empty.`,
  })
  value!: string;
}

@ObjectType({
  description: 'A part of a problem: a stakeholder, a thing or a process.',
})
export class ProblemPart {
  @Field(() => ID, { description: 'Identifies the part within its problem.' }) id!: string;
  @Field(() => ID, { description: 'The problem it is a part of.' }) problemId!: string;
  @Field(() => ProblemPartTypeEnum, { description: `What kind of part: ${PART_TYPES}.` })
  type!: string;
  @Field(() => String, {
    description: `The part's name, at most ${PROBLEM_PART_NAME_MAX} characters.`,
  })
  name!: string;
  @Field(() => String, {
    description: `Plain text, at most ${PROBLEM_PART_DESCRIPTION_MAX} characters; empty when none.`,
  })
  description!: string;
  @Field(() => [PartAttribute], { description: 'Its attributes, in the order they were given.' })
  attributes!: PartAttribute[];
  @Field(() => Boolean, {
    description:
      "Whether the viewer may edit and delete it: whoever added it and the problem's author.",
  })
  canEdit!: boolean;
  @Field(() => Date, { description: 'When the part was added.' }) createdAt!: Date;
}

@ObjectType({
  description:
    "A number measured on a problem (a level, a count, a cost), added by the problem's author or a member.",
})
export class Measurement {
  @Field(() => ID, { description: 'Identifies the measurement.' }) id!: string;
  @Field(() => ID, { description: 'The problem it was measured on.' }) problemId!: string;
  @Field(() => String, {
    description: `What was measured, at most ${MEASUREMENT_NAME_MAX} characters.`,
  })
  name!: string;
  @Field(() => Float, { description: 'The measured value, in `unit`.' }) value!: number;
  @Field(() => String, {
    description: `The unit, at most ${MEASUREMENT_UNIT_MAX} characters; empty when none.`,
  })
  unit!: string;
  @Field(() => String, {
    description: `A note, at most ${MEASUREMENT_NOTE_MAX} characters; empty when none.`,
  })
  note!: string;
  @Field(() => Date, { description: 'When it was measured (when it was added, unless given).' })
  measuredAt!: Date;
  @Field(() => Date, { description: 'When it was added.' }) createdAt!: Date;
}

@ObjectType({ description: 'Someone who joined a problem (impacted by it).' })
export class ProblemMember {
  @Field(() => AuthorType, {
    description: "The member; Anonymous for the problem's anonymous author.",
  })
  user!: AuthorType;
  @Field(() => Date, { description: 'When they joined.' }) joinedAt!: Date;
}

export const ProblemMemberPage = pageOf(ProblemMember);
export type ProblemMemberPage = InstanceType<typeof ProblemMemberPage>;

@InputType({
  description: 'A new problem; #hashtags in its title and description become its tags.',
})
export class CreateProblemInput extends DraftablePostInput {
  @Field(() => String, { description: `The title, ${TITLE_RULE} once trimmed.` }) name!: string;
  @Field(() => String, {
    description: `Rich text (HTML, sanitised on the server), ${DESCRIPTION_RULE}.`,
  })
  description!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
}

@InputType({
  description: 'Changes to a problem (author only); an omitted field stays as it is.',
})
export class UpdateProblemInput extends DraftablePostInput {
  @Field(() => String, { nullable: true, description: `A new title, ${TITLE_RULE}.` })
  name?: string;
  @Field(() => String, {
    nullable: true,
    description: `New rich text, ${DESCRIPTION_RULE}; tags are read again from both.`,
  })
  description?: string;
}

@InputType({
  description: 'An upvoted solution the leaving member confirmed (kept with their leaving).',
})
export class LeavingSolutionInput {
  @Field(() => ID, { description: "The solution's id." }) id!: string;
  @Field(() => String, { description: "The solution's title as shown to the member." })
  name!: string;
}

@InputType({
  description: 'What a member says when leaving (the Leave Problem wizard).',
})
export class LeaveProblemInput {
  @Field(() => String, { nullable: true, description: 'One emoji for how they feel; optional.' })
  emoji?: string;
  @Field(() => String, {
    nullable: true,
    description: `Why they leave, plain text up to ${LEAVING_COMMENT_MAX} characters; optional.`,
  })
  leavingComment?: string;
  @Field(() => [LeavingSolutionInput], {
    nullable: true,
    description: `Upvoted solutions they confirmed (at most ${LEAVING_SOLUTIONS_MAX}).`,
  })
  solutions?: LeavingSolutionInput[];
}

@InputType({ description: 'A named value describing a problem part.' })
export class PartAttributeInput {
  @Field(() => String, {
    description: `The attribute's name, 1 to ${PROBLEM_ATTRIBUTE_NAME_MAX} characters once trimmed.`,
  })
  name!: string;
  @Field(() => String, {
    nullable: true,
    description: `Its value, at most ${PROBLEM_ATTRIBUTE_VALUE_MAX} characters; empty when omitted.`,
  })
  value?: string;
}

@InputType({ description: 'A problem part as added or edited; an edit replaces every field.' })
export class ProblemPartInput {
  @Field(() => ProblemPartTypeEnum, { description: `What kind of part: ${PART_TYPES}.` })
  type!: string;
  @Field(() => String, {
    description: `The part's name, 1 to ${PROBLEM_PART_NAME_MAX} characters once trimmed.`,
  })
  name!: string;
  @Field(() => String, {
    nullable: true,
    description: `Plain text, at most ${PROBLEM_PART_DESCRIPTION_MAX} characters; empty when omitted.`,
  })
  description?: string;
  @Field(() => [PartAttributeInput], {
    nullable: true,
    description: `Its attributes in order, at most ${PROBLEM_PART_ATTRIBUTES_MAX}; none when omitted.`,
  })
  attributes?: PartAttributeInput[];
}

@InputType({ description: 'A new measurement of a problem.' })
export class MeasurementInput {
  @Field(() => String, {
    description: `What was measured, 1 to ${MEASUREMENT_NAME_MAX} characters once trimmed.`,
  })
  name!: string;
  @Field(() => Float, { description: 'The measured value: a finite number.' }) value!: number;
  @Field(() => String, {
    nullable: true,
    description: `The unit, at most ${MEASUREMENT_UNIT_MAX} characters; empty when omitted.`,
  })
  unit?: string;
  @Field(() => String, {
    nullable: true,
    description: `A note, at most ${MEASUREMENT_NOTE_MAX} characters; empty when omitted.`,
  })
  note?: string;
  @Field(() => Date, {
    nullable: true,
    description: 'When it was measured; now when omitted.',
  })
  measuredAt?: Date;
}
