import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import {
  createOAuthApp,
  decideOAuthConsent,
  deleteOAuthApp,
  listAuthorizedApps,
  listOAuthApps,
  oauthConsentPreview,
  revokeAuthorizedApp,
} from './oauth-apps.service';
import {
  AuthorizedOAuthApp,
  CreatedOAuthApp,
  CreateOAuthAppInput,
  OAuthApp,
  OAuthConsent,
  OAuthDecision,
} from './oauth.types';

const REQUEST_DESCRIPTION =
  'The authorization request as the app sent it: the query string of /oauth/authorize.';

/** OAuth apps in settings, and the consent screen: a signed-in session's, never a token's. */
@TokenAccess(SESSION_ACCESS)
@Resolver()
export class OAuthResolver {
  @Authorized()
  @Query(() => [OAuthApp], { description: 'The OAuth apps the viewer registered, newest first.' })
  myOAuthApps(@Ctx() ctx: Context) {
    return listOAuthApps(ctx);
  }

  @Authorized()
  @Mutation(() => CreatedOAuthApp, {
    description: 'Registers an OAuth app; a confidential one’s secret is shown this once.',
  })
  createOAuthApp(
    @Arg('input', () => CreateOAuthAppInput, { description: 'The new app.' })
    input: CreateOAuthAppInput,
    @Ctx() ctx: Context,
  ) {
    return createOAuthApp(ctx, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Deletes one of the viewer’s apps: every token it holds, for anyone, stops working.',
  })
  async deleteOAuthApp(
    @Arg('clientId', () => ID, { description: "The app's client id." }) clientId: string,
    @Ctx() ctx: Context,
  ) {
    await deleteOAuthApp(ctx, clientId);
    return true;
  }

  @Authorized()
  @Query(() => [AuthorizedOAuthApp], {
    description: 'The apps the viewer authorised, most recently authorised first.',
  })
  authorizedOAuthApps(@Ctx() ctx: Context) {
    return listAuthorizedApps(ctx);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Revokes all of an app’s access for the viewer: its tokens answer 401 at once.',
  })
  async revokeOAuthApp(
    @Arg('clientId', () => ID, { description: "The app's client id." }) clientId: string,
    @Ctx() ctx: Context,
  ) {
    await revokeAuthorizedApp(ctx, clientId);
    return true;
  }

  @Authorized()
  @Query(() => OAuthConsent, { description: 'What the consent screen shows of a request.' })
  async oauthConsent(
    @Arg('request', () => String, { description: REQUEST_DESCRIPTION }) request: string,
    @Ctx() ctx: Context,
  ): Promise<OAuthConsent> {
    const preview = await oauthConsentPreview(ctx, request);
    return {
      clientId: preview.client.id,
      appName: preview.client.name,
      registeredBy: preview.ownerName,
      redirectUri: preview.redirectUri,
      scopes: preview.scopes,
      withheldScopes: preview.withheldScopes,
      errorRedirect: preview.errorRedirect,
    };
  }

  @Authorized()
  @Mutation(() => OAuthDecision, {
    description:
      'The person’s answer on the consent screen: Allow issues an authorization code, Deny tells the app so; either way, where to send them.',
  })
  decideOAuthConsent(
    @Arg('request', () => String, { description: REQUEST_DESCRIPTION }) request: string,
    @Arg('allow', () => Boolean, { description: 'True for Allow, false for Deny.' })
    allow: boolean,
    @Ctx() ctx: Context,
  ) {
    return decideOAuthConsent(ctx, request, allow);
  }
}
