import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Where a person's profile opens (000 §2: /network/{id}/{tab}). */
export const profilePath = (id: string, tab = 'info') => `/network/${id}/${tab}`;

/**
 * A post author's name on a card: a link to their profile, except for anonymous posts (000 §6:
 * the author link is followed only for non-anonymous authors), which name nobody.
 */
export function AuthorName({
  author,
  name,
  anonymous,
}: {
  author: { id: string };
  name: string;
  anonymous: boolean;
}) {
  if (anonymous || !author.id)
    return (
      <Text fw={600} size="sm">
        {name}
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={profilePath(author.id)}
      fw={600}
      size="sm"
      c="inherit"
      underline="hover"
    >
      {name}
    </Anchor>
  );
}
