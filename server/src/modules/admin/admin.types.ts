import {
  ANALYTICS_DAYS_MAX,
  ANALYTICS_TOP_PARTICIPANTS,
  ANALYTICS_TOP_TAGS,
  DISPLAY_NAME_MAX,
} from '@rules';
import { SpaceKindEnum, ParticipantStatusEnum } from '../spaces/space.types';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { RoleEnum } from '../users/role.enums';

const DAYS = `The days covered, ending today (UTC): 1 to ${ANALYTICS_DAYS_MAX}.`;

@ObjectType({ description: 'A person as site admins see them on /admin/allUsers.' })
export class AdminUser {
  @Field(() => ID, { description: "The account's id." }) id!: string;
  @Field(() => String, {
    description: `The name shown, at most ${DISPLAY_NAME_MAX} characters.`,
  })
  displayName!: string;
  @Field(() => String, { description: 'The e-mail address the account signs in with.' })
  email!: string;
  @Field(() => String, { nullable: true, description: 'The profile photo URL; null when none.' })
  photoURL!: string | null;
  @Field(() => RoleEnum, {
    description: 'The account role: person (an individual) or org (an organisation).',
  })
  role!: string;
  @Field(() => Boolean, {
    description: 'Whether the account is a moderator (site admins moderate as well).',
  })
  isModerator!: boolean;
  @Field(() => Boolean, {
    description:
      "Whether the account is a site admin: the admin pages and every space's manage pages.",
  })
  isAdmin!: boolean;
  @Field(() => Date, { nullable: true, description: 'Set while the account is suspended.' })
  suspendedUntil!: Date | null;
  @Field(() => Date, { description: 'When the account was made.' }) createdAt!: Date;
}

export const AdminUserPage = pageOf(AdminUser);

@ObjectType({ description: 'A space as site admins see it on /admin/allSpaces.' })
export class AdminSpace {
  @Field(() => ID, { description: "The space's id." }) id!: string;
  @Field(() => String, { description: "The space's name." }) name!: string;
  @Field(() => String, {
    nullable: true,
    description: "A country space's country code, ww for the global space; null for the others.",
  })
  code!: string | null;
  @Field(() => SpaceKindEnum, { description: 'What kind of space it is.' }) kind!: string;
  @Field(() => Boolean, { description: 'Whether only its participants may read it.' })
  isPrivate!: boolean;
  @Field(() => Int, { description: 'Active participants (private spaces; 0 for public ones).' })
  totalParticipants!: number;
  @Field(() => Int, { description: 'Published stories, problems, solutions and skills.' })
  totalItems!: number;
  @Field(() => Date, { description: 'When the space was made.' }) createdAt!: Date;
}

export const AdminSpacePage = pageOf(AdminSpace);

@ObjectType({ description: 'What was posted on one day (UTC).' })
export class DailyCount {
  @Field(() => String, { description: 'The day, YYYY-MM-DD (UTC).' }) day!: string;
  @Field(() => Int, { description: 'Stories posted that day.' }) stories!: number;
  @Field(() => Int, { description: 'Problems posted that day.' }) problems!: number;
  @Field(() => Int, { description: 'Solutions posted that day.' }) solutions!: number;
  @Field(() => Int, { description: 'Skills posted that day.' }) skills!: number;
  @Field(() => Int, {
    nullable: true,
    description:
      'New people: accounts made that day (public spaces) or participants who joined (a private space); null on analytics.',
  })
  people!: number | null;
}

@ObjectType({
  description: 'A manager’s view of a space: counts per day over the period and totals.',
})
export class ManageOverview {
  @Field(() => ID, { description: 'The space counted.' }) spaceId!: string;
  @Field(() => Int, { description: DAYS }) days!: number;
  @Field(() => [DailyCount], {
    description: 'One entry per day, oldest first, empty days included.',
  })
  daily!: DailyCount[];
  @Field(() => Int, { description: 'All published stories of the space, whenever posted.' })
  totalStories!: number;
  @Field(() => Int, { description: 'All published problems of the space, whenever posted.' })
  totalProblems!: number;
  @Field(() => Int, { description: 'All published solutions of the space, whenever posted.' })
  totalSolutions!: number;
  @Field(() => Int, { description: 'All published skills of the space, whenever posted.' })
  totalSkills!: number;
  @Field(() => Int, {
    description: 'Verified accounts (public spaces) or active participants (a private space).',
  })
  totalPeople!: number;
}

@ObjectType({ description: 'A person on a manage page: newest accounts or newest participants.' })
export class ManagedPerson {
  @Field(() => AuthorType, {
    description: 'The person: a new account (public spaces) or a participant (a private space).',
  })
  person!: AuthorType;
  @Field(() => Date, { description: 'When the account was made or the person joined the space.' })
  joinedAt!: Date;
  @Field(() => ParticipantStatusEnum, {
    nullable: true,
    description: 'The participant status in a private space; null for public spaces.',
  })
  status!: string | null;
}

export const ManagedPersonPage = pageOf(ManagedPerson);

@ObjectType({ description: "A tag and how many of the period's items carry it." })
export class TagCount {
  @Field(() => String, { description: 'The tag without #.' }) tag!: string;
  @Field(() => Int, { description: "The period's items carrying the tag." }) count!: number;
}

@ObjectType({
  description: 'A participant ranked by what they posted and commented over the period.',
})
export class ActiveParticipant {
  @Field(() => AuthorType, { description: 'The participant.' }) person!: AuthorType;
  @Field(() => Int, { description: 'Named (not anonymous) posts.' }) items!: number;
  @Field(() => Int, { description: 'Comments and replies they wrote that the viewer may see.' })
  comments!: number;
}

@ObjectType({
  description: 'A space’s activity over a period, counting only what the viewer may see.',
})
export class SpaceAnalytics {
  @Field(() => ID, { description: 'The space analysed.' }) spaceId!: string;
  @Field(() => Int, { description: DAYS }) days!: number;
  @Field(() => [DailyCount], { description: 'Items per day, oldest first (people is null).' })
  daily!: DailyCount[];
  @Field(() => [TagCount], {
    description: `The ${ANALYTICS_TOP_TAGS} tags most items carry, most first (then A to Z).`,
  })
  topTags!: TagCount[];
  @Field(() => [ActiveParticipant], {
    description: `The ${ANALYTICS_TOP_PARTICIPANTS} people with the most items and comments, most first.`,
  })
  activeParticipants!: ActiveParticipant[];
}
