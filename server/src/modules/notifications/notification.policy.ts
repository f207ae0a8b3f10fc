import { and, eq, type SQL } from 'drizzle-orm';
import { notifications, spaces } from '../../db/schema';
import { spaceNameReadable, type SqlViewer } from '../spaces/space.policy';

/**
 * Join condition for a notification's space: joined only while its recipient may still read the
 * space's name (space.policy). Once they were blocked, left, or their invitation or request was
 * answered no, the notification stays listed but names no space: in Web Push and the digest as in
 * the list (the `spaceNameById` loader applies the same rule for the viewer).
 */
export function namedSpaceOfRecipient(): SQL {
  // The recipient column stands in for a viewer's id: the policy reads nothing else of it.
  const recipient = { id: notifications.userId } as unknown as SqlViewer;
  return and(eq(spaces.id, notifications.spaceId), spaceNameReadable(recipient))!;
}
