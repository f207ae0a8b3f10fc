import { Avatar } from '@mantine/core';
import { IconBuilding, IconUserQuestion } from '@tabler/icons-react';

/** What a post's avatar needs of its author; `role` is absent where a fragment does not select it. */
interface AvatarAuthor {
  photoURL?: string | null;
  role?: string | null;
}

/**
 * A post author's avatar: anonymous posts show the anonymous avatar, organisations a square one with a
 * building when they have no photo (spec §6), people their photo or initials.
 */
export function AuthorAvatar({
  author,
  anonymous,
  name,
  size,
}: {
  author: AvatarAuthor;
  anonymous: boolean;
  name: string;
  size?: number;
}) {
  if (anonymous) {
    return (
      <Avatar radius="xl" size={size} aria-hidden>
        <IconUserQuestion size={20} />
      </Avatar>
    );
  }
  if (author.role === 'org') {
    return (
      <Avatar radius="sm" size={size} src={author.photoURL || null} alt={name}>
        <IconBuilding size={20} />
      </Avatar>
    );
  }
  return (
    <Avatar
      radius="xl"
      size={size}
      src={author.photoURL || null}
      alt={name}
      name={name}
      color="initials"
    />
  );
}
