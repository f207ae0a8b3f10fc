import { Anchor, Avatar, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PostList, type ListPage, type ListQuery } from '../../components/PostList';
import { HashtagText, TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RelativeTime } from '../../components/RelativeTime';
import type { TaggedPostCardFragment } from '../../gql/graphql';

/** Cut long descriptions (the spec cuts cards' text). */
const EXCERPT = 200;

function excerpt(html: string) {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}...` : text;
}

export interface TaggedPostListProps {
  kind: 'problem' | 'solution';
  query: ListQuery;
  page: ListPage<TaggedPostCardFragment> | undefined;
  empty: string;
}

/** Problems or solutions as compact cards (title, excerpt, status, author, tags). */
export function TaggedPostList({ kind, query, page, empty }: TaggedPostListProps) {
  const { t } = useTranslation();
  const statusLabel: Record<string, string> = {
    proposed: t('tags:status.proposed'),
    unsolved: t('tags:status.unsolved'),
    solving: t('tags:status.solving'),
    solved: t('tags:status.solved'),
    archived: t('tags:status.archived'),
  };
  return (
    <PostList
      query={query}
      page={page}
      renderItem={(item) => {
        const shortText = excerpt(item.description);
        return (
          <Card key={item.id} withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Anchor
                  component={Link}
                  to={kind === 'problem' ? `/problem/${item.id}/info` : `/solution/${item.id}/info`}
                  fw={600}
                >
                  {item.name}
                </Anchor>
                {item.status ? (
                  <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                    {statusLabel[item.status] ?? item.status}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {shortText ? (
                  <HashtagText text={shortText} tags={item.tags} />
                ) : (
                  t('tags:posts.noDescription')
                )}
              </Text>
              <Group gap="xs" justify="space-between">
                <Group gap={6}>
                  <Avatar
                    size={22}
                    radius="xl"
                    src={item.author.photoURL || null}
                    name={item.author.displayName}
                    color="initials"
                  />
                  <Text size="xs">{item.author.displayName}</Text>
                  <RelativeTime date={item.createdAt} size="xs" c="dimmed" />
                </Group>
                <TagChips
                  tags={item.tags}
                  shown={tagsWrittenIn({ texts: [item.name, shortText] })}
                  label={t('tags:posts.tags')}
                />
              </Group>
            </Stack>
          </Card>
        );
      }}
      skeleton={
        <Stack>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={90} radius="md" />
          ))}
        </Stack>
      }
      errorTitle={t('tags:posts.loadFailed')}
      loadMoreLabel={t('tags:list.loadMore')}
      empty={{ icon: <IconListSearch size={32} />, title: empty }}
    />
  );
}
