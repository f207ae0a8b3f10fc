import { VOTE_DIRECTIONS, type VoteDirection } from '@rules';
import { Field, ID, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { pageOf } from '../../graphql/page';
import { RoleEnum } from '../users/role.enums';

export const VoteDirectionKind = enumOf('VoteDirection', VOTE_DIRECTIONS, 'A vote on a solution.', {
  up: 'For the solution (counted in its upvotes).',
  down: 'Against the solution (counted in its downvotes).',
});
export type VoteDirectionKind = ValueOf<typeof VoteDirectionKind>;

@ObjectType({ description: "The viewer's vote on a solution (000 §3 'Vote on a solution')." })
export class MyVote {
  @Field(() => VoteDirectionKind, { description: 'Which way the viewer voted.' })
  direction!: VoteDirection;
  @Field(() => String, { description: 'What the viewer told the author; empty when nothing.' })
  feedback!: string;
  @Field(() => Date, { nullable: true, description: 'When the upvote was cast; null otherwise.' })
  upvotedWhen!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the downvote was cast; null otherwise.' })
  downvotedWhen!: Date | null;
}

@ObjectType({ description: 'Someone who voted on a solution, as the voters pages list them.' })
export class SolutionVoter {
  @Field(() => ID, { description: "The voter's id." }) id!: string;
  @Field(() => String, { description: 'The name they show.' }) displayName!: string;
  @Field(() => String, { description: "Their picture's URL; empty when there is none." })
  photoURL!: string;
  @Field(() => RoleEnum, { description: 'Person (an individual) or org (an organisation).' })
  role!: string;
  @Field(() => Date, { description: 'When they cast this vote.' }) when!: Date;
  @Field(() => String, {
    nullable: true,
    description: "Their feedback: only the solution's author sees it (null for everyone else).",
  })
  feedback!: string | null;
}

export const SolutionVoterPage = pageOf(SolutionVoter);
