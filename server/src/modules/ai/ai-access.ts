import { requireViewer } from '../../auth/guards';
import { requireScope } from '../../auth/scopes';
import type { Context } from '../../context';

/**
 * AI configurations and the helpers that spend them answer to a signed-in session only: an app
 * holding a person's token must not read their keys or spend their provider's quota.
 */
export function requireSessionViewer(ctx: Context) {
  const viewer = requireViewer(ctx);
  requireScope(ctx.scopes, 'session');
  return viewer;
}
