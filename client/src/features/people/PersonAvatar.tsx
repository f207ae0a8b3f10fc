import { Avatar, type MantineSize } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';

/** A person round with their initials when there is no photo; an organisation square with a building (000 §6). */
export function PersonAvatar({
  person,
  size = 'md',
}: {
  person: { displayName: string; photoURL: string; role: string };
  size?: MantineSize | number;
}) {
  if (person.role === 'org')
    return (
      <Avatar radius="sm" size={size} src={person.photoURL || null} alt={person.displayName}>
        <IconBuilding size="60%" />
      </Avatar>
    );
  return (
    <Avatar
      radius="50%"
      size={size}
      src={person.photoURL || null}
      alt={person.displayName}
      name={person.displayName}
      color="initials"
    />
  );
}
