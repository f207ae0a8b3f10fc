import { hiddenExplainersOf } from './explainers.service';
import type { Me } from './user.service';
import type { User } from './user.types';

/** The self view in the spec's field names, shared by GraphQL and REST. */
export const presentMe = (me: Me): User => ({
  id: me.id,
  email: me.email,
  displayName: me.displayName,
  photoURL: me.photoUrl,
  bio: me.bio,
  role: me.role,
  appLang: me.appLang,
  emailVerified: me.emailVerified,
  defaultSpace: { spaceId: me.defaultSpace.id, spaceName: me.defaultSpace.name },
  digestEmails: me.digestEmails,
  hidePresence: me.hidePresence,
  hiddenExplainers: hiddenExplainersOf(me.hideExplainers),
  isModerator: me.isModerator,
  isAdmin: me.isAdmin,
  suspendedUntil: me.suspendedUntil,
  lastScannedWhen: me.notificationsScannedAt,
});
