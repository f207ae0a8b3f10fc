import { users } from '../../db/schema';

/** A user row as any layer reads it: services, loaders and presenters import it from here. */
export type UserRow = typeof users.$inferSelect;

/** What a post shows of its author (authorView); loading a user by id never reads more. */
export const AUTHOR_COLUMNS = {
  id: users.id,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  role: users.role,
};
export type AuthorRow = Pick<UserRow, keyof typeof AUTHOR_COLUMNS>;
