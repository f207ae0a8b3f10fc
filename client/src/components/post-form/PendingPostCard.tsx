import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../notify';
import { discardPending, retryPending, type PendingPost } from './pendingPosts';

/**
 * A post still uploading its files, on top of the list it will join (`usePendingPosts`): shown as
 * processing, not interactive (no links, no actions but Try again and Discard once it failed).
 * The server's version replaces it when it is created (the list's own cache update adds that).
 */
export function PendingPostCard({ post }: { post: PendingPost }) {
  const { t } = useTranslation();
  const percent = Math.round(post.progress * 100);
  const failed = post.state === 'failed';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      aria-busy={!failed}
      aria-label={t('common:pending.label')}
      style={failed ? undefined : { opacity: 0.85 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {post.author ? (
              <Avatar src={post.author.photoURL} radius="xl" alt="" />
            ) : (
              <Avatar radius="xl" aria-hidden>
                <IconUserQuestion size={20} />
              </Avatar>
            )}
            <Text fw={600}>{post.author?.displayName ?? t('common:pending.anonymous')}</Text>
          </Group>
          <Badge color={failed ? 'red' : 'gray'} variant="light">
            {failed ? t('common:pending.failedBadge') : t('common:pending.badge')}
          </Badge>
        </Group>
        {post.title ? <Text fw={700}>{post.title}</Text> : null}
        {post.text ? (
          <Text size="sm" lineClamp={3}>
            {post.text}
          </Text>
        ) : null}
        {post.state === 'uploading' ? (
          <Stack gap={4}>
            <Progress value={percent} size="sm" aria-hidden />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('common:pending.uploading', { percent })}
            </Text>
          </Stack>
        ) : null}
        {post.state === 'saving' ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('common:pending.saving')}
            </Text>
          </Group>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {post.error ? translateServerMessage(t, post.error) : t('common:pending.failed')}
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => retryPending(post.id)}>
                  {t('common:actions.retry')}
                </Button>
                <Button size="xs" variant="default" onClick={() => discardPending(post.id)}>
                  {t('common:pending.discard')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
