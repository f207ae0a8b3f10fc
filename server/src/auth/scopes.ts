import { TOKEN_MESSAGES, type ApiScope } from '@rules';
import { AppError } from '../errors';

/**
 * What a call needs from an access token: one of its scopes, or `session` for what only a person
 * signed in on the site may do (managing tokens). A session has every scope.
 */
export type Access = ApiScope | 'session';

/** The access a resolver's reads (queries, subscriptions) and writes (mutations) need. */
export interface ReadWriteAccess {
  read: Access;
  write: Access;
}

export const CONTENT_ACCESS: ReadWriteAccess = { read: 'read', write: 'write' };
export const CHAT_ACCESS: ReadWriteAccess = { read: 'chat', write: 'chat' };
export const NOTIFICATIONS_ACCESS: ReadWriteAccess = {
  read: 'notifications',
  write: 'notifications',
};
export const ADMIN_ACCESS: ReadWriteAccess = { read: 'admin', write: 'admin' };
export const SESSION_ACCESS: ReadWriteAccess = { read: 'session', write: 'session' };

/** The refusal of a call a token's scopes do not cover (403, naming the scope). */
export function scopeRefusal(
  scopes: ReadonlySet<ApiScope> | null,
  access: Access,
): AppError | null {
  if (!scopes) return null;
  if (access === 'session') return new AppError('FORBIDDEN', TOKEN_MESSAGES.sessionOnly);
  if (scopes.has(access)) return null;
  return new AppError('FORBIDDEN', TOKEN_MESSAGES.missingScope.replace('{{scope}}', access), {
    scope: access,
  });
}

/** Throws the refusal, if any: `scopes` null (a session or signed out) allows everything. */
export function requireScope(scopes: ReadonlySet<ApiScope> | null, access: Access) {
  const refusal = scopeRefusal(scopes, access);
  if (refusal) throw refusal;
}
