import { API_SCOPES, type ApiScope } from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';

export const ApiScopeEnum = enumOf(
  'ApiScope',
  API_SCOPES,
  'What a personal access token may do. A signed-in session may do all of it.',
  {
    read: 'Every query and subscription outside chat and notifications.',
    write:
      'Posts, comments, reactions, votes, follows and every other change outside chat and notifications.',
    chat: 'Reading and writing chat.',
    notifications: 'Reading and managing notifications.',
    admin:
      'The moderation and admin calls; only site admins and moderators may create a token with it.',
  },
);

@ObjectType({ description: 'A personal access token, as its person sees it (never the token).' })
export class ApiToken {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => [ApiScopeEnum]) scopes!: ApiScope[];
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last opened a call (to the minute).' })
  lastUsedAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'A new token: `token` is shown this once and never again.' })
export class CreatedApiToken {
  @Field(() => String, { description: 'Send it as `Authorization: Bearer <token>`.' })
  token!: string;
  @Field(() => ApiToken) apiToken!: ApiToken;
}

@InputType()
export class CreateApiTokenInput {
  @Field(() => String) name!: string;
  @Field(() => [ApiScopeEnum]) scopes!: ApiScope[];
  @Field(() => Date, { description: 'When it stops working: in the future, within 366 days.' })
  expiresAt!: Date;
}
