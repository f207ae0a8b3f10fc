import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export enum SpaceListStatus {
  active = 'active',
  invited = 'invited',
  requested = 'requested',
  blocked = 'blocked',
  all = 'all',
}
registerEnumType(SpaceListStatus, {
  name: 'SpaceListStatus',
  description:
    'The viewer’s private spaces by their status; active is owner, admin or contributor.',
});

export enum ParticipantFilterKind {
  active = 'active',
  all = 'all',
  owner = 'owner',
  admin = 'admin',
  contributor = 'contributor',
  invited = 'invited',
  requested = 'requested',
  blocked = 'blocked',
}
registerEnumType(ParticipantFilterKind, {
  name: 'ParticipantFilter',
  description:
    'active = owner, admin and contributor; invited, requested, blocked and all are for owners and admins.',
});

export enum CountrySpaceSortKind {
  countryNamesAZ = 'countryNamesAZ',
  countryCodesZA = 'countryCodesZA',
}
registerEnumType(CountrySpaceSortKind, { name: 'CountrySpaceSort' });

export enum AssignableStatusKind {
  admin = 'admin',
  contributor = 'contributor',
  blocked = 'blocked',
}
registerEnumType(AssignableStatusKind, {
  name: 'AssignableParticipantStatus',
  description: 'Statuses an owner (admin too, except admin) may give a participant.',
});

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
  @Field(() => String, {
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

export const UserSearchPage = pageOf(UserSearchResult, 'UserSearchPage');
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
