import { requireViewer } from '../../auth/guards';
import type { Context } from '../../context';
import type { LiveFeed } from '../../live/hub';
import { follow } from '../../live/follow';

/** `accountChanged`: the viewer's own account, each time a webhook changes its subscription. */

export interface AccountChange {
  userId: string;
}

const accountChanges: LiveFeed<'account', AccountChange> = {
  topic: 'account',
  load: async (_db, payload) => payload,
};

/** Signed in to subscribe; each event is checked again to be the viewer's own. */
export async function followAccountChanges(
  ctx: Context,
): Promise<AsyncIterableIterator<AccountChange>> {
  const viewer = requireViewer(ctx);
  return follow(ctx, accountChanges, viewer.id, (change) => change.userId === viewer.id);
}
