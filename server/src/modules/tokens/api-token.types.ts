import { API_SCOPES, API_TOKEN_DAYS_MAX, API_TOKEN_NAME_MAX, type ApiScope } from '@rules';
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
  @Field(() => ID, { description: "The token's id (not the token itself)." }) id!: string;
  @Field(() => String, { description: 'The name its person gave it.' }) name!: string;
  @Field(() => [ApiScopeEnum], { description: 'What it may do.' }) scopes!: ApiScope[];
  @Field(() => Date, { description: 'When it stops working.' }) expiresAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last opened a call (to the minute).' })
  lastUsedAt!: Date | null;
  @Field(() => Date, { description: 'When it was created.' }) createdAt!: Date;
}

@ObjectType({ description: 'A new token: `token` is shown this once and never again.' })
export class CreatedApiToken {
  @Field(() => String, { description: 'Send it as `Authorization: Bearer <token>`.' })
  token!: string;
  @Field(() => ApiToken, { description: 'The token as the token list shows it.' })
  apiToken!: ApiToken;
}

@InputType({ description: 'A new personal access token.' })
export class CreateApiTokenInput {
  @Field(() => String, {
    description: `A name to recognise it by, 1 to ${API_TOKEN_NAME_MAX} characters.`,
  })
  name!: string;
  @Field(() => [ApiScopeEnum], { description: 'What it may do: at least one scope.' })
  scopes!: ApiScope[];
  @Field(() => Date, {
    description: `When it stops working: in the future, within ${API_TOKEN_DAYS_MAX} days.`,
  })
  expiresAt!: Date;
}
