import { SpaceKindEnum } from '../spaces/space.types';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

@ObjectType({ description: 'A person as site admins see them on /admin/allUsers.' })
export class AdminUser {
  @Field(() => ID) id!: string;
  @Field(() => String) displayName!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) photoURL!: string | null;
  @Field(() => String, { description: 'person or org' }) role!: string;
  @Field(() => Boolean) isModerator!: boolean;
  @Field(() => Boolean) isAdmin!: boolean;
  @Field(() => Date, { nullable: true, description: 'Set while the account is suspended.' })
  suspendedUntil!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

export const AdminUserPage = pageOf(AdminUser);

@ObjectType({ description: 'A space as site admins see it on /admin/allSpaces.' })
export class AdminSpace {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) code!: string | null;
  @Field(() => SpaceKindEnum) kind!: string;
  @Field(() => Boolean) isPrivate!: boolean;
  @Field(() => Int, { description: 'Active participants (private spaces; 0 for public ones).' })
  totalParticipants!: number;
  @Field(() => Int, { description: 'Published stories, problems, solutions and skills.' })
  totalItems!: number;
  @Field(() => Date) createdAt!: Date;
}

export const AdminSpacePage = pageOf(AdminSpace);

@ObjectType({ description: 'What was posted on one day (UTC).' })
export class DailyCount {
  @Field(() => String, { description: 'The day, YYYY-MM-DD (UTC).' }) day!: string;
  @Field(() => Int) stories!: number;
  @Field(() => Int) problems!: number;
  @Field(() => Int) solutions!: number;
  @Field(() => Int) skills!: number;
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
  @Field(() => ID) spaceId!: string;
  @Field(() => Int) days!: number;
  @Field(() => [DailyCount], {
    description: 'One entry per day, oldest first, empty days included.',
  })
  daily!: DailyCount[];
  @Field(() => Int, { description: 'All published stories of the space, whenever posted.' })
  totalStories!: number;
  @Field(() => Int) totalProblems!: number;
  @Field(() => Int) totalSolutions!: number;
  @Field(() => Int) totalSkills!: number;
  @Field(() => Int, {
    description: 'Verified accounts (public spaces) or active participants (a private space).',
  })
  totalPeople!: number;
}

@ObjectType({ description: 'A person on a manage page: newest accounts or newest participants.' })
export class ManagedPerson {
  @Field(() => AuthorType) person!: AuthorType;
  @Field(() => Date, { description: 'When the account was made or the person joined the space.' })
  joinedAt!: Date;
  @Field(() => String, {
    nullable: true,
    description: 'The participant status in a private space; null for public spaces.',
  })
  status!: string | null;
}

export const ManagedPersonPage = pageOf(ManagedPerson);

@ObjectType()
export class TagCount {
  @Field(() => String, { description: 'The tag without #.' }) tag!: string;
  @Field(() => Int) count!: number;
}

@ObjectType({
  description: 'A participant ranked by what they posted and commented over the period.',
})
export class ActiveParticipant {
  @Field(() => AuthorType) person!: AuthorType;
  @Field(() => Int, { description: 'Named (not anonymous) posts.' }) items!: number;
  @Field(() => Int) comments!: number;
}

@ObjectType({
  description: 'A space’s activity over a period, counting only what the viewer may see.',
})
export class SpaceAnalytics {
  @Field(() => ID) spaceId!: string;
  @Field(() => Int) days!: number;
  @Field(() => [DailyCount], { description: 'Items per day, oldest first (people is null).' })
  daily!: DailyCount[];
  @Field(() => [TagCount]) topTags!: TagCount[];
  @Field(() => [ActiveParticipant]) activeParticipants!: ActiveParticipant[];
}
