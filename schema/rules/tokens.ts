/**
 * Rules for personal access tokens (apps and scripts calling the API as a person), shared by server
 * and client. Messages a user may see translate under `access:errors.<key>`. The zod validator
 * lives in tokens.schemas.ts.
 */

/**
 * What a token may do. read: every query and subscription outside chat and notifications; write:
 * posts, comments, reactions, votes, follows and every other change outside those; chat and
 * notifications: reading and writing those; admin: the moderation and admin pages' calls (site
 * admins only). A signed-in session has them all.
 */
export const API_SCOPES = ['read', 'write', 'chat', 'notifications', 'admin'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Every token starts so, which tells it from a session token without a lookup. */
export const API_TOKEN_PREFIX = 'bpat_';
export const API_TOKEN_NAME_MAX = 100;
/** Tokens one person may hold at once. */
export const API_TOKENS_MAX = 50;
/** The longest a token may last; the settings page offers shorter choices too. */
export const API_TOKEN_DAYS_MAX = 366;
export const API_TOKEN_DAY_CHOICES = [7, 30, 90, 366] as const;

export const TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameMax: `A token's name is at most ${API_TOKEN_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Scopes are among ${API_SCOPES.join(', ')}`,
  adminScope: 'Only site admins and moderators may give a token the admin scope',
  expiryInvalid: `A token expires within ${API_TOKEN_DAYS_MAX} days from now`,
  tooMany: `You hold ${API_TOKENS_MAX} tokens: revoke one first`,
  sessionOnly: 'Tokens are managed from a signed-in session, not with a token',
  invalidToken: 'The access token is unknown, expired or revoked',
  missingScope: 'This token does not have the {{scope}} scope',
} as const;
