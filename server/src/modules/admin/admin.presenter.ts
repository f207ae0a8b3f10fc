import { authorView } from '../users/user.service';
import type { AdminUserRow, ManagedPersonView } from './admin.service';
import type { SpaceAnalyticsView } from './analytics.service';
import type { ActiveParticipant, AdminUser, ManagedPerson } from './admin.types';

/** A `users` row as site admins see it (the one shape moderation's admin mutations return too). */
export const presentAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  displayName: row.displayName,
  email: row.email,
  photoURL: row.photoUrl,
  role: row.role,
  isModerator: row.isModerator,
  isAdmin: row.isAdmin,
  suspendedUntil: row.suspendedUntil,
  createdAt: row.createdAt,
});

export const presentManagedPerson = (row: ManagedPersonView): ManagedPerson => ({
  person: authorView(row.person),
  joinedAt: row.joinedAt,
  status: row.status,
});

export const presentActiveParticipant = (
  row: SpaceAnalyticsView['activeParticipants'][number],
): ActiveParticipant => ({
  person: authorView(row.person),
  items: row.items,
  comments: row.comments,
});
