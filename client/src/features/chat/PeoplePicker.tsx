import { useQuery } from '@apollo/client/react';
import {
  Avatar,
  Checkbox,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { ChatPickableUsersDocument, type ChatMemberFieldsFragment } from '../../gql/graphql';
import { PresenceDot } from './PresenceDot';

const SEARCH_DEBOUNCE_MS = 250;
const LIST_HEIGHT = 320;

type Person = ChatMemberFieldsFragment;

/**
 * People of the active space to chat with or add, searched by name (000 §5: empty lists everyone,
 * text is trimmed and lower-cased by the server, at most 10 then). The server leaves out the
 * conversation's members (with `conversationId`) or, for a new direct chat, the viewer and the
 * people they already have one with. One pick (`onPick`) or several (`selected`, `onToggle`).
 */
export function PeoplePicker({
  label,
  conversationId,
  onPick,
  selected,
  onToggle,
}: {
  label: string;
  conversationId?: string;
  onPick?: (person: Person) => void;
  selected?: ReadonlySet<string>;
  onToggle?: (person: Person) => void;
}) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery(ChatPickableUsersDocument, {
    variables: { spaceId, conversationId: conversationId ?? null, search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });
  const people = query.data?.chatPickableUsers ?? [];
  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!query.data,
    skeleton: <SkeletonRows count={4} height={40} label={label} />,
    errorTitle: t('chat:newChat.loadFailed'),
  });

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        aria-label={t('chat:newChat.search')}
        placeholder={t('chat:newChat.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={LIST_HEIGHT}>
        {pending ??
          (people.length === 0 ? (
            <Text size="sm" c="dimmed" py="xs">
              {t('chat:errors.userNotFound')}
            </Text>
          ) : (
            <Stack gap={2} role="list" aria-label={label}>
              {people.map((person) => (
                <div role="listitem" key={person.id}>
                  {selected && onToggle ? (
                    <Checkbox.Card
                      checked={selected.has(person.id)}
                      onClick={() => onToggle(person)}
                      withBorder={false}
                      p={6}
                      radius="md"
                    >
                      <Group gap="sm" wrap="nowrap">
                        <Checkbox.Indicator />
                        <PersonLine person={person} />
                      </Group>
                    </Checkbox.Card>
                  ) : (
                    <UnstyledButton
                      w="100%"
                      p={6}
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      onClick={() => onPick?.(person)}
                    >
                      <PersonLine person={person} />
                    </UnstyledButton>
                  )}
                </div>
              ))}
            </Stack>
          ))}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** A person on one line: avatar, name, an optional badge, and whether they are online. */
export function PersonLine({ person, badge }: { person: Person; badge?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Avatar src={person.photoURL || null} radius="xl" size={32} alt="">
        {person.displayName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
        {person.displayName}
      </Text>
      {badge}
      <PresenceDot userId={person.id} live={false} />
    </Group>
  );
}
