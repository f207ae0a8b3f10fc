import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { htmlToPlainText } from '@rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import type { EngagedPostFragment } from '../../gql/graphql';

/** The kinds of item /reactions and /bookmarks list (`views`: progress maps, bookmarks only). */
export type EngagedKind = 'stories' | 'problems' | 'solutions' | 'skills' | 'views' | 'comments';

const PAGE_OF: Record<Exclude<EngagedKind, 'comments'>, string> = {
  stories: 'story',
  problems: 'problem',
  solutions: 'solution',
  skills: 'skill',
  views: 'graphviews',
};

/** Where an item opens; a comment opens the post it is on. */
export const engagedItemLink = (
  kind: EngagedKind,
  id: string,
  commentOn?: { itemType: Exclude<EngagedKind, 'comments'>; itemId: string },
) =>
  kind === 'comments'
    ? commentOn
      ? `/${PAGE_OF[commentOn.itemType]}/${commentOn.itemId}`
      : '/404'
    : `/${PAGE_OF[kind]}/${id}`;

/** A story or comment shows the start of its text; the rest show their name. */
export const engagedItemTitle = (text: { name?: string; html?: string }) =>
  text.name ?? htmlToPlainText(text.html ?? '').slice(0, 140);

/** A post's title in the viewer's lists, whatever its kind: a story reads its text. */
export const engagedPostTitle = (post: EngagedPostFragment) =>
  engagedItemTitle('story' in post ? { html: post.story } : { name: post.name });

export interface EngagedItemCardProps {
  kind: EngagedKind;
  title: string;
  to: string;
  when: string;
  /** What the viewer did, at the card's end (a reaction, the bookmark toggle). */
  trailing: ReactNode;
}

/** One item of the viewer's own lists: its kind, its title linking to it, and when. */
export function EngagedItemCard({ kind, title, to, when, trailing }: EngagedItemCardProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" component="article">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge size="sm" variant="light">
              {t(`reactions:itemKinds.${kind}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              <RelativeTime date={when} />
            </Text>
          </Group>
          <Anchor component={Link} to={to} fw={500} lineClamp={2}>
            {title || t('reactions:untitled')}
          </Anchor>
        </Stack>
        {trailing}
      </Group>
    </Card>
  );
}
