import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PersonCardFragment } from '../../gql/graphql';
import { profilePath } from './AuthorName';
import { FollowUserButton } from './FollowUserButton';
import { PersonAvatar } from './PersonAvatar';

/** The user card (000 §2): photo, name, role, profile tags, followers, and Follow. */
export function UserCard({ person }: { person: PersonCardFragment }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <PersonAvatar person={person} size="lg" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={profilePath(person.id)}
              fw={700}
              c="inherit"
              underline="hover"
              truncate
            >
              {person.displayName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t(`people:role.${person.role === 'org' ? 'org' : 'person'}`)} ·{' '}
              {t('people:counters.followers', { count: person.counters.totalFollowers })}
            </Text>
            {person.profileTags.length ? (
              <Group gap={4}>
                {person.profileTags.map((tag) => (
                  <Badge key={tag} size="xs" variant="light" tt="none">
                    #{tag}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Group>
        <FollowUserButton person={person} />
      </Group>
    </Card>
  );
}
