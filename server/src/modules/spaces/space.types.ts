import {
  ASSIGNABLE_STATUSES,
  COUNTRY_SPACE_SORTS,
  PARTICIPANT_FILTERS,
  PRIVATE_SPACE_FILTERS,
  SPACE_KINDS,
  SPACE_PARTICIPANT_STATUSES,
} from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export const SpaceKindEnum = enumOf(
  'SpaceKind',
  SPACE_KINDS,
  'The global space, a country space, a private (user-created) space or the skills space.',
  {
    global: 'The public global space that everyone shares.',
    country: "A public space for one country; its id is the country's lower-case code.",
    private: 'A space a person created; only its participants read it.',
    skills: 'The fixed skills space (marked coming soon).',
  },
);

export const SpaceListStatus = enumOf(
  'SpaceListStatus',
  PRIVATE_SPACE_FILTERS,
  'The viewer’s private spaces by the viewer’s status in them.',
  {
    all: 'Every private space the viewer has a status in.',
    active: 'Spaces the viewer owns, administers or contributes to.',
    invited: 'Spaces the viewer is invited to and has not yet answered.',
    requested: 'Spaces the viewer asked to join, awaiting an answer.',
    blocked: 'Spaces the viewer is blocked from.',
  },
);
export type SpaceListStatus = ValueOf<typeof SpaceListStatus>;

export const ParticipantFilterKind = enumOf(
  'ParticipantFilter',
  PARTICIPANT_FILTERS,
  "Which of a space's participants to list; invited, requested, blocked and all are for owners and admins.",
  {
    active: 'Owners, admins and contributors: those who read and post.',
    all: 'Everyone with any status.',
    owner: 'The owner.',
    admin: 'Admins: they manage participants.',
    contributor: 'Contributors: they read and post.',
    invited: 'People invited who have not yet answered.',
    requested: 'People who asked to join, awaiting an answer.',
    blocked: 'People blocked from the space.',
  },
);
export type ParticipantFilterKind = ValueOf<typeof ParticipantFilterKind>;

export const CountrySpaceSortKind = enumOf(
  'CountrySpaceSort',
  COUNTRY_SPACE_SORTS,
  'Order of the country spaces list.',
  {
    countryNamesAZ: 'By country name, A to Z (the default).',
    countryCodesZA: 'By country code, Z to A.',
  },
);
export type CountrySpaceSortKind = ValueOf<typeof CountrySpaceSortKind>;

export const AssignableStatusKind = enumOf(
  'AssignableParticipantStatus',
  ASSIGNABLE_STATUSES,
  'Statuses an owner (admin too, except admin) may give a participant.',
  {
    admin: 'Reads, posts and manages participants; only the owner gives this status.',
    contributor: 'Reads and posts in the space.',
    blocked: 'May no longer read or post in the space.',
  },
);
export type AssignableStatusKind = ValueOf<typeof AssignableStatusKind>;

export const ParticipantStatusEnum = enumOf(
  'ParticipantStatus',
  SPACE_PARTICIPANT_STATUSES,
  "A person's standing in a private space.",
  {
    owner: 'Created the space (or was given it): manages everything, including admins.',
    admin: 'Reads, posts and manages participants; only the owner gives this status.',
    contributor: 'Reads and posts in the space.',
    invited: 'Invited, not yet answered: sees only the invitation.',
    requested: 'Asked to join, not yet answered: sees only the request.',
    blocked: 'May no longer read or post in the space.',
  },
);

@ObjectType({
  description: 'A space: global (ww), a country, the skills space, or a user-created space.',
})
export class Space {
  @Field(() => ID, {
    description:
      "The space's id: ww (global), skills, or a country's lower-case code for country spaces.",
  })
  id!: string;
  @Field(() => String, { description: 'The name, at most 150 characters.' }) name!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The lower-case country code; ww for the global space; null for private spaces and skills.',
  })
  code!: string | null;
  @Field(() => SpaceKindEnum, {
    description: 'What sort of space it is: global, country, private (user-created) or skills.',
  })
  kind!: string;
  @Field(() => Boolean, {
    description:
      'Only its active participants read its content; others may be invited or ask to join.',
  })
  isPrivate!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'Its purpose, at most 255 characters; null when none.',
  })
  description!: string | null;
  @Field(() => Date, { description: 'When the space was created.' }) createdAt!: Date;
}

export const SpacePage = pageOf(Space);

@ObjectType({ description: 'A user in a space with their status.' })
export class SpaceParticipant {
  @Field(() => ID, { description: 'The space they take part in.' }) spaceId!: string;
  @Field(() => ParticipantStatusEnum, {
    description: 'Owner, admin, contributor, invited, requested or blocked.',
  })
  status!: string;
  @Field(() => Date, {
    description: 'When they were first invited, asked to join, or joined; lists sort by it.',
  })
  createdAt!: Date;
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

@InputType({ description: 'A new user-created space.' })
export class CreateSpaceInput {
  @Field(() => String, { description: 'Required, 1 to 150 characters after trimming.' })
  name!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The purpose, at most 255 characters.',
  })
  description?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Only active participants read its content; true when omitted.',
  })
  isPrivate?: boolean;
}

@InputType({ description: 'A change to a space: only the fields given change.' })
export class UpdateSpaceInput {
  @Field(() => String, {
    nullable: true,
    description: 'The new name, 1 to 150 characters after trimming.',
  })
  name?: string;
  @Field(() => String, {
    nullable: true,
    description: 'The new purpose, at most 255 characters; null or empty removes it.',
  })
  description?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether only active participants read its content.',
  })
  isPrivate?: boolean;
  @Field(() => ID, {
    nullable: true,
    description:
      "The space's image: an image the editor uploaded for this space (upload path spaces); null removes it.",
  })
  imageUploadId?: string | null;
}
