import { useLazyQuery, useMutation } from '@apollo/client/react';
import {
  Avatar,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS, USER_SEARCH_MIN } from '@rules';
import { nodesOf } from '../../app/cursorPages';
import { notifySuccess, serverErrorOf } from '../../components/notify';
import { SearchUsersDocument, SendInvitesDocument } from '../../gql/graphql';

/**
 * Invite to Space: search users by name (a whole name or word of it, or from 3 characters on any
 * part of one; typing while a search runs waits for it), tick people, Send Invite (disabled with
 * nobody ticked). Users already in the space are not offered. Each result shows the photo and a
 * second line (when they joined, a few profile tags) so people of one name can be told apart.
 */
export function InviteDialog({
  spaceId,
  opened,
  onClose,
}: {
  spaceId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [search, { data, loading, error }] = useLazyQuery(SearchUsersDocument, {
    fetchPolicy: 'network-only',
  });
  const [send, { loading: sending }] = useMutation(SendInvitesDocument, {
    refetchQueries: ['Participants'],
  });

  useEffect(() => {
    if (!opened) {
      setQuery('');
      setSelected(new Map());
    }
  }, [opened]);

  useEffect(() => {
    if (!debounced || loading) return;
    void search({ variables: { query: debounced, spaceId } });
    // `loading` is left out on purpose: a search that ends must not start the same one again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, search, spaceId]);

  const toggle = (id: string, name: string) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });

  const submit = async () => {
    try {
      await send({ variables: { spaceId, userIds: [...selected.keys()] } });
      notifySuccess(t('spaces:invite.sent'));
      onClose();
    } catch {
      notifications.show({
        color: 'red',
        message: t('spaces:invite.failed'),
        autoClose: TOAST_MS,
        withCloseButton: true,
      });
    }
  };

  const users = nodesOf(data?.searchUsers);
  const searched = debounced !== '';
  // Never the e-mail: when they joined and their (public) profile tags.
  const details = (user: { joinedAt: string; profileTags: string[] }) =>
    [
      t('spaces:invite.joined', {
        date: dayjs(user.joinedAt)
          .locale(i18n.language === 'te' ? 'te' : 'en')
          .format('MMMM YYYY'),
      }),
      user.profileTags.map((tag) => `#${tag}`).join(' '),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Modal opened={opened} onClose={onClose} title={t('spaces:invite.title')} size={500}>
      <Stack gap="md">
        <TextInput
          leftSection={<IconSearch size={16} />}
          label={t('spaces:invite.search')}
          placeholder={t('spaces:invite.searchPlaceholder')}
          description={t('spaces:invite.searchHint', { count: USER_SEARCH_MIN })}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        {!searched ? null : loading ? (
          <Center py="md">
            <Loader role="status" size="sm" aria-label={t('spaces:list.loading')} />
          </Center>
        ) : error ? (
          <Text c="red" size="sm">
            {serverErrorOf(error, t).message}
          </Text>
        ) : users.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {t('spaces:invite.noUsers')}
          </Text>
        ) : (
          <Stack gap="xs" role="group" aria-label={t('spaces:invite.results')}>
            {users.map((user) => (
              <Checkbox
                key={user.id}
                checked={selected.has(user.id)}
                onChange={() => toggle(user.id, user.displayName)}
                label={
                  <Group gap="xs" wrap="nowrap">
                    <Avatar
                      src={user.photoURL || null}
                      name={user.displayName}
                      color="initials"
                      alt=""
                      aria-hidden
                      radius={user.role === 'org' ? 'sm' : 'xl'}
                    />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {user.displayName}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {details(user)}
                      </Text>
                    </Stack>
                  </Group>
                }
              />
            ))}
          </Stack>
        )}
        {selected.size > 0 ? (
          <Text size="sm" c="dimmed">
            {t('spaces:invite.selected', { names: [...selected.values()].join(', ') })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button disabled={selected.size === 0} loading={sending} onClick={() => void submit()}>
            {t('spaces:invite.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
