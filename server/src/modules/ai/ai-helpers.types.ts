import {
  AI_IDENTIFY_KINDS,
  AI_PROMPT_MAX,
  type AiIdentifyKind,
  type ProblemPartType,
} from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';
import { ProblemPartTypeEnum } from '../problems/problem.enums';

export const AiIdentifyKindEnum = enumOf(
  'AiIdentifyKind',
  AI_IDENTIFY_KINDS,
  'What an AI helper identifies.',
  {
    problems: 'Problems a text describes; published as problems in the space.',
    solutions: 'Solutions to a problem; published as solutions under it (or on their own).',
    outcomes: 'Outcomes to expect once a problem is addressed (not publishable yet).',
    ingredients: 'What a solution to a problem needs (not publishable yet).',
    parts: 'A problem’s stakeholders, things and processes; published as its parts.',
  },
);

@ObjectType({ description: 'Tokens an AI call used, as the provider counted them.' })
export class AiTokenUsage {
  @Field(() => Int, { description: 'Tokens read (the prompt).' }) inputTokens!: number;
  @Field(() => Int, { description: 'Tokens written (the answer).' }) outputTokens!: number;
}

@ObjectType({ description: 'One item an AI helper identified.' })
export class AiResultItem {
  @Field(() => String, { description: 'Its short name (plain text); unique within its run.' })
  name!: string;
  @Field(() => String, { description: 'What it is, in a sentence or two (plain text).' })
  description!: string;
  @Field(() => ProblemPartTypeEnum, {
    nullable: true,
    description: 'A part’s type; null otherwise.',
  })
  partType!: ProblemPartType | null;
  @Field(() => Boolean, { description: 'Whether it was published as a real item.' })
  isPublished!: boolean;
  @Field(() => ID, {
    nullable: true,
    description: 'The problem, solution or part publishing it created; null until then.',
  })
  publishedId!: string | null;
}

@ObjectType({
  description:
    'What one run of an AI helper identified. Its items start unpublished; its person publishes them one by one.',
})
export class AiResult {
  @Field(() => ID, { description: 'The run’s id.' }) id!: string;
  @Field(() => Boolean, {
    description: 'Whether the viewer ran it (and so may publish its items).',
  })
  isMine!: boolean;
  @Field(() => AiIdentifyKindEnum, { description: 'What it identified.' }) kind!: AiIdentifyKind;
  @Field(() => ID, { nullable: true, description: 'The problem it read, if any.' })
  problemId!: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The space its problems publish into (a problem’s own space otherwise).',
  })
  spaceId!: string | null;
  @Field(() => [AiResultItem], { description: 'What it identified, in the provider’s order.' })
  items!: AiResultItem[];
  @Field(() => AiTokenUsage, { description: 'The tokens the run used.' }) usage!: AiTokenUsage;
  @Field(() => Date, { description: 'When it ran.' }) createdAt!: Date;
}

@InputType({ description: 'A run of an AI helper: what to identify, and from what.' })
export class AiIdentifyInput {
  @Field(() => AiIdentifyKindEnum, { description: 'What to identify.' }) kind!: AiIdentifyKind;
  @Field(() => String, {
    nullable: true,
    description: `Text to read (plain text, at most ${AI_PROMPT_MAX} characters). Required without problemId.`,
  })
  text?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'A problem to read (you must be able to read it). Required for parts.',
  })
  problemId?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'Where identified problems would be published; your active space otherwise.',
  })
  spaceId?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'One of your AI configurations; your default otherwise.',
  })
  configId?: string | null;
}

@ObjectType({ description: 'One AI configuration’s spending in a month.' })
export class AiUsageByConfig {
  @Field(() => ID, { description: 'The configuration’s id.' }) configId!: string;
  @Field(() => String, { nullable: true, description: 'Its name; null once deleted.' })
  name!: string | null;
  @Field(() => Int, { description: 'Tokens read.' }) inputTokens!: number;
  @Field(() => Int, { description: 'Tokens written.' }) outputTokens!: number;
  @Field(() => Int, { description: 'Calls made to the provider.' }) calls!: number;
}

@ObjectType({ description: 'What the viewer spent through the AI helpers this month (UTC).' })
export class AiUsage {
  @Field(() => String, { description: 'The month, as YYYY-MM.' }) month!: string;
  @Field(() => Int, {
    description:
      'Tokens (read and written) the viewer may spend this month; 0 turns the helpers off.',
  })
  cap!: number;
  @Field(() => Int, { description: 'Tokens read.' }) inputTokens!: number;
  @Field(() => Int, { description: 'Tokens written.' }) outputTokens!: number;
  @Field(() => Int, { description: 'Calls made to a provider.' }) calls!: number;
  @Field(() => [AiUsageByConfig], { description: 'The spending per configuration, largest first.' })
  byConfig!: AiUsageByConfig[];
}
