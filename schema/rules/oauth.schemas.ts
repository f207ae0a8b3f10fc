/** The zod validators of OAuth apps (limits and messages: oauth.ts). */
import { z } from 'zod';
import {
  OAUTH_APP_NAME_MAX,
  OAUTH_MESSAGES,
  OAUTH_REDIRECT_URI_MAX,
  OAUTH_REDIRECT_URIS_MAX,
  OAUTH_SCOPE_MAX,
  isAllowedRedirectUri,
} from './oauth';

const appName = z
  .string({ error: OAUTH_MESSAGES.nameRequired })
  .max(OAUTH_APP_NAME_MAX, { message: OAUTH_MESSAGES.nameMax, abort: true })
  .trim()
  .min(1, OAUTH_MESSAGES.nameRequired);

const redirectUris = z
  .array(
    z
      .string({ error: OAUTH_MESSAGES.redirectUriInvalid })
      .max(OAUTH_REDIRECT_URI_MAX, { message: OAUTH_MESSAGES.redirectUriInvalid, abort: true })
      .trim()
      .refine(isAllowedRedirectUri, OAUTH_MESSAGES.redirectUriInvalid),
    { error: OAUTH_MESSAGES.redirectUriRequired },
  )
  .max(OAUTH_REDIRECT_URIS_MAX, { message: OAUTH_MESSAGES.redirectUrisMax, abort: true })
  .min(1, OAUTH_MESSAGES.redirectUriRequired)
  .transform((uris) => [...new Set(uris)]);

/**
 * An app a person registers in settings: a confidential one (a server that keeps a secret) gets a
 * client secret; a public one (a browser or mobile app) proves itself with PKCE alone.
 */
export const oauthAppInputSchema = z.object({
  name: appName,
  redirectUris,
  confidential: z.boolean().default(false),
});
export type OAuthAppInput = z.infer<typeof oauthAppInputSchema>;

/** How an app proves itself at the token endpoint (RFC 7591 §2; omitted means basic). */
export const OAUTH_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export type OAuthAuthMethod = (typeof OAUTH_AUTH_METHODS)[number];

/**
 * Dynamic client registration metadata (RFC 7591 §2), the fields this server acts on; others are
 * ignored. `field` in a refusal names the RFC's error: invalid_redirect_uri for `redirect_uris`,
 * invalid_client_metadata for the rest.
 */
export const oauthRegistrationSchema = z.object({
  redirect_uris: redirectUris,
  client_name: appName.optional(),
  token_endpoint_auth_method: z
    .enum(OAUTH_AUTH_METHODS, { error: 'Unsupported token_endpoint_auth_method' })
    .default('client_secret_basic'),
  grant_types: z
    .array(z.enum(['authorization_code', 'refresh_token'], { error: 'Unsupported grant type' }))
    .default(['authorization_code']),
  response_types: z.array(z.literal('code', { error: 'Unsupported response type' })).optional(),
  scope: z.string().max(OAUTH_SCOPE_MAX, { message: 'scope is too long', abort: true }).optional(),
});
export type OAuthRegistration = z.infer<typeof oauthRegistrationSchema>;
