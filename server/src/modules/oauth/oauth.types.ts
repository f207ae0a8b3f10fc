import { OAUTH_APP_NAME_MAX, OAUTH_REDIRECT_URIS_MAX, type ApiScope } from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ApiScopeEnum } from '../tokens/api-token.types';

@ObjectType({ description: 'An OAuth app the viewer registered (never its secret).' })
export class OAuthApp {
  @Field(() => ID, { description: 'The client id the app sends in its OAuth requests.' })
  clientId!: string;
  @Field(() => String, { description: 'The name the consent screen shows.' }) name!: string;
  @Field(() => [String], { description: 'Where the app may send people back after consent.' })
  redirectUris!: string[];
  @Field(() => Boolean, {
    description: 'Whether the app proves itself with a client secret (else PKCE alone).',
  })
  confidential!: boolean;
  @Field(() => Date, { description: 'When it was registered.' }) createdAt!: Date;
}

@ObjectType({ description: 'A newly registered app: `clientSecret` is shown this once.' })
export class CreatedOAuthApp {
  @Field(() => OAuthApp, { description: 'The app as the app list shows it.' }) app!: OAuthApp;
  @Field(() => String, { nullable: true, description: 'Null for a public app.' })
  clientSecret!: string | null;
}

@InputType({ description: 'A new OAuth app.' })
export class CreateOAuthAppInput {
  @Field(() => String, {
    description: `The name the consent screen shows, 1 to ${OAUTH_APP_NAME_MAX} characters.`,
  })
  name!: string;
  @Field(() => [String], {
    description: `Where the app may send people back (1 to ${OAUTH_REDIRECT_URIS_MAX}): https, or http on localhost or 127.0.0.1.`,
  })
  redirectUris!: string[];
  @Field(() => Boolean, {
    defaultValue: false,
    description: 'True for an app that can keep a client secret (a server); false uses PKCE alone.',
  })
  confidential!: boolean;
}

@ObjectType({ description: 'An app the viewer authorised to use the API for them.' })
export class AuthorizedOAuthApp {
  @Field(() => ID, { description: "The app's client id." }) clientId!: string;
  @Field(() => String, { description: "The app's name." }) name!: string;
  @Field(() => [ApiScopeEnum], { description: 'What the viewer allowed it to do.' })
  scopes!: ApiScope[];
  @Field(() => Date, { description: 'When the viewer last authorised it.' }) authorizedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last called (to the minute).' })
  lastUsedAt!: Date | null;
}

@ObjectType({ description: 'What the consent screen shows of an authorization request.' })
export class OAuthConsent {
  @Field(() => ID, { description: "The app's client id." }) clientId!: string;
  @Field(() => String, { description: "The app's name." }) appName!: string;
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
  @Field(() => String, {
    description: "The app's redirect URI with the code (Allow) or an access_denied error (Deny).",
  })
  redirectTo!: string;
}
