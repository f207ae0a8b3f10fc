import {
  ASSIGNABLE_STATUSES,
  COUNTRY_SPACE_SORTS,
  PARTICIPANT_FILTERS,
  PRIVATE_SPACE_FILTERS,
  SPACE_KINDS,
} from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export const SpaceKindEnum = enumOf(
  'SpaceKind',
  SPACE_KINDS,
  'The global space, a country space, a private (user-created) space or the skills space.',
);

export const SpaceListStatus = enumOf(
  'SpaceListStatus',
  PRIVATE_SPACE_FILTERS,
  'The viewer’s private spaces by their status; active is owner, admin or contributor.',
);
export type SpaceListStatus = ValueOf<typeof SpaceListStatus>;

export const ParticipantFilterKind = enumOf(
  'ParticipantFilter',
  PARTICIPANT_FILTERS,
  'active = owner, admin and contributor; invited, requested, blocked and all are for owners and admins.',
);
export type ParticipantFilterKind = ValueOf<typeof ParticipantFilterKind>;

export const CountrySpaceSortKind = enumOf('CountrySpaceSort', COUNTRY_SPACE_SORTS);
export type CountrySpaceSortKind = ValueOf<typeof CountrySpaceSortKind>;

export const AssignableStatusKind = enumOf(
  'AssignableParticipantStatus',
  ASSIGNABLE_STATUSES,
  'Statuses an owner (admin too, except admin) may give a participant.',
);
export type AssignableStatusKind = ValueOf<typeof AssignableStatusKind>;

@ObjectType({
  description: 'A space: global (ww), a country, the skills space, or a user-created space.',
})
export class Space {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, {
    nullable: true,
    description: 'Country code; ww for the global space.',
  })
  code!: string | null;
  @Field(() => SpaceKindEnum, {
    description: 'global, country, private (user-created) or skills',
  })
  kind!: string;
  @Field(() => Boolean) isPrivate!: boolean;
  @Field(() => String, { nullable: true, description: 'The purpose.' })
  description!: string | null;
  @Field(() => Date) createdAt!: Date;
}

export const SpacePage = pageOf(Space);

@ObjectType({ description: 'A user in a space with their status.' })
export class SpaceParticipant {
  @Field(() => ID) spaceId!: string;
  @Field(() => String) status!: string;
  @Field(() => Date) createdAt!: Date;
}

export const SpaceParticipantPage = pageOf(SpaceParticipant);

@ObjectType({
  description: 'A user found by the invite search, with what tells people of one name apart.',
})
export class UserSearchResult extends AuthorType {
  @Field(() => Date, { description: 'When the account was created.' }) joinedAt!: Date;
  @Field(() => [String], { description: 'The first few of their (public) profile tags.' })
  profileTags!: string[];
}

export const UserSearchPage = pageOf(UserSearchResult, 'UserSearchResult');
export type UserSearchPage = InstanceType<typeof UserSearchPage>;

@InputType()
export class CreateSpaceInput {
  @Field(() => String) name!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The purpose (max 255).',
  })
  description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Defaults to true.' })
  isPrivate?: boolean;
}

@InputType()
export class UpdateSpaceInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) isPrivate?: boolean;
  @Field(() => ID, {
    nullable: true,
    description:
      "The space's image: an image the editor uploaded for this space (upload path spaces); null removes it.",
  })
  imageUploadId?: string | null;
}
