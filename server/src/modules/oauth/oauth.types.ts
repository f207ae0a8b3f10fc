import type { ApiScope } from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ApiScopeEnum } from '../tokens/api-token.types';

@ObjectType({ description: 'An OAuth app the viewer registered (never its secret).' })
export class OAuthApp {
  @Field(() => ID, { description: 'The client id the app sends in its OAuth requests.' })
  clientId!: string;
  @Field(() => String) name!: string;
  @Field(() => [String]) redirectUris!: string[];
  @Field(() => Boolean, {
    description: 'Whether the app proves itself with a client secret (else PKCE alone).',
  })
  confidential!: boolean;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'A newly registered app: `clientSecret` is shown this once.' })
export class CreatedOAuthApp {
  @Field(() => OAuthApp) app!: OAuthApp;
  @Field(() => String, { nullable: true, description: 'Null for a public app.' })
  clientSecret!: string | null;
}

@InputType()
export class CreateOAuthAppInput {
  @Field(() => String) name!: string;
  @Field(() => [String], {
    description: 'Where the app may send people back: https, or http on localhost or 127.0.0.1.',
  })
  redirectUris!: string[];
  @Field(() => Boolean, { defaultValue: false }) confidential!: boolean;
}

@ObjectType({ description: 'An app the viewer authorised to use the API for them.' })
export class AuthorizedOAuthApp {
  @Field(() => ID) clientId!: string;
  @Field(() => String) name!: string;
  @Field(() => [ApiScopeEnum]) scopes!: ApiScope[];
  @Field(() => Date) authorizedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last called (to the minute).' })
  lastUsedAt!: Date | null;
}

@ObjectType({ description: 'What the consent screen shows of an authorization request.' })
export class OAuthConsent {
  @Field(() => ID) clientId!: string;
  @Field(() => String) appName!: string;
  @Field(() => String, {
    nullable: true,
    description: 'Who registered the app; null when it registered itself.',
  })
  registeredBy!: string | null;
  @Field(() => String, { description: 'Where the person is sent back.' })
  redirectUri!: string;
  @Field(() => [ApiScopeEnum], { description: 'What Allow grants.' })
  scopes!: ApiScope[];
  @Field(() => [ApiScopeEnum], {
    description: 'Asked for, but beyond what this person may grant (admin, unless a site admin).',
  })
  withheldScopes!: ApiScope[];
  @Field(() => String, {
    nullable: true,
    description: 'Set when the request cannot be granted: send the person there at once.',
  })
  errorRedirect!: string | null;
}

@ObjectType({ description: 'Where to send the person after Allow or Deny.' })
export class OAuthDecision {
  @Field(() => String) redirectTo!: string;
}
