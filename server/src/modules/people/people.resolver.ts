import { PEOPLE_SEARCH_MAX } from '@rules';
import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../context';
import { ProblemPage } from '../problems/problem.types';
import { SkillPage } from '../skills/skill.types';
import { SolutionPage } from '../solutions/solution.types';
import { StoryPage } from '../stories/story.types';
import { personCounters, personFollowing } from './people.presenter';
import * as peopleService from './people.service';
import * as profileService from './profile.service';
import type { PersonRow } from './people.service';
import { Common, Person, PersonCounters, PersonPage } from './people.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

const PERSON_ID = "The person's user id.";
const NAME_SEARCH = `Part of a display name, any case, at most ${PEOPLE_SEARCH_MAX} characters; all when omitted.`;

@Resolver(() => Person)
export class PeopleResolver {
  @Query(() => Person, { description: 'A profile; open to everyone.' })
  person(@Arg('id', () => ID, { description: PERSON_ID }) id: string, @Ctx() ctx: Context) {
    return peopleService.getPerson(ctx, id);
  }

  @Query(() => PersonPage, { description: 'The people directory (role person), newest first.' })
  people(
    @Ctx() ctx: Context,
    @Arg('query', () => String, { nullable: true, description: NAME_SEARCH }) query?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      peopleService.listDirectory(ctx, { directory: 'people', query, after, first }),
    );
  }

  @Query(() => PersonPage, { description: 'The organisations directory (role org), newest first.' })
  orgs(
    @Ctx() ctx: Context,
    @Arg('query', () => String, { nullable: true, description: NAME_SEARCH }) query?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      peopleService.listDirectory(ctx, { directory: 'orgs', query, after, first }),
    );
  }

  @Query(() => PersonPage, { description: "A person's followers, the latest first." })
  followers(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(peopleService.listFollowers(ctx, { userId, after, first }));
  }

  @Query(() => PersonPage, { description: 'The people a person follows, the latest first.' })
  followingPeople(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(peopleService.listFollowing(ctx, { userId, after, first }));
  }

  @Query(() => StoryPage, {
    description: "A person's stories the viewer may read (not anonymous).",
  })
  personStories(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(profileService.listPersonStories(ctx, { userId, after, first }));
  }

  @Query(() => ProblemPage, {
    description: "A person's problems the viewer may read (not anonymous).",
  })
  personProblems(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(profileService.listPersonProblems(ctx, { userId, after, first }));
  }

  @Query(() => SolutionPage, {
    description: "A person's solutions the viewer may read (not anonymous).",
  })
  personSolutions(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(profileService.listPersonSolutions(ctx, { userId, after, first }));
  }

  @Query(() => SkillPage, { description: "A person's skills the viewer may read (not anonymous)." })
  personSkills(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(profileService.listPersonSkills(ctx, { userId, after, first }));
  }

  @Query(() => ProblemPage, {
    description: 'Problems a person joined (the Solving tab) that the viewer may read.',
  })
  personSolving(
    @Ctx() ctx: Context,
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(profileService.listPersonSolving(ctx, { userId, after, first }));
  }

  @Authorized()
  @Query(() => Common, { description: 'What the signed-in viewer and this person share.' })
  common(@Arg('userId', () => ID, { description: PERSON_ID }) userId: string, @Ctx() ctx: Context) {
    return profileService.commonWith(ctx, userId);
  }

  @Authorized()
  @Mutation(() => Person, {
    description: 'Follows a person (not oneself); following again changes nothing.',
  })
  followUser(
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Ctx() ctx: Context,
  ) {
    return peopleService.followUser(ctx, userId);
  }

  @Authorized()
  @Mutation(() => Person, {
    description: 'Stops following a person; not following them changes nothing.',
  })
  unfollowUser(
    @Arg('userId', () => ID, { description: PERSON_ID }) userId: string,
    @Ctx() ctx: Context,
  ) {
    return peopleService.unfollowUser(ctx, userId);
  }

  @FieldResolver(() => String, { description: 'The profile photo URL; empty when there is none.' })
  photoURL(@Root() person: PersonRow) {
    return person.photoUrl ?? '';
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer follows this person (false signed out).',
  })
  following(@Root() person: PersonRow, @Ctx() ctx: Context) {
    return personFollowing(ctx, person);
  }

  @FieldResolver(() => PersonCounters, { description: 'Their counts, as the viewer may see them.' })
  counters(@Root() person: PersonRow, @Ctx() ctx: Context) {
    return personCounters(ctx, person);
  }
}
