import { AUTHOR_ROLES, ROLES } from '@rules';
import { enumOf } from '../../graphql/enum';

export const RoleEnum = enumOf('Role', ROLES, 'The kind of account, chosen at sign-up.', {
  person: 'An individual.',
  org: 'An organisation.',
});

export const AuthorRoleEnum = enumOf(
  'AuthorRole',
  AUTHOR_ROLES,
  'The kind of account behind an author: a role, or the generic one when the author is hidden.',
  {
    person: 'An individual.',
    org: 'An organisation.',
    user: 'Hidden behind Anonymous: no role is shown.',
  },
);
