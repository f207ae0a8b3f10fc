import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconExternalLink, IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import type { ModerationEntryFieldsFragment, ReportCardFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../components/formatDateTime';
import { ReportActions } from './ReportActions';
import { ReportStatusBadge } from './ReportStatusBadge';
import { topicKey } from './reportTargets';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** 'Ada · hid the item', with its time. */
function HistoryEntry({ entry }: { entry: ModerationEntryFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const action = t(`reports:history.${entry.action}`, {
    note: entry.note ? t(`reports:status.${entry.note}`) : '',
    until: entry.until ? formatDateTime(entry.until, i18n.language) : '',
  });
  return (
    <Timeline.Item
      title={
        <Text size="sm" fw={500}>
          {t('reports:card.historyEntry', {
            actor: entry.actor?.displayName ?? t('reports:card.someone'),
            action,
          })}
        </Text>
      }
    >
      <RelativeTime date={entry.createdAt} size="xs" />
    </Timeline.Item>
  );
}

/** Who was reported: a link to their profile, or 'Anonymous' for an anonymous post. */
export function ReportedAuthor({ report }: { report: ReportCardFieldsFragment }) {
  const { t } = useTranslation();
  const author = report.reportedAuthor;
  // An anonymous post's author reaches moderators only; others get Anonymous without an id.
  if (!author?.id)
    return (
      <>{report.isAnonymousPost ? t('reports:card.anonymous') : t('reports:card.unknownAuthor')}</>
    );
  return (
    <Anchor component={Link} to={`/network/${author.id}/info`} size="sm">
      {author.displayName}
      {report.isAnonymousPost ? ` (${t('reports:card.anonymous')})` : ''}
    </Anchor>
  );
}

/** What the link to a reported item says, by its kind: 'Open the story', '… the profile'. */
export function openItemLabel(t: TFunction, report: ReportCardFieldsFragment) {
  const labels: Record<string, string> = {
    stories: t('reports:open.stories'),
    problems: t('reports:open.problems'),
    solutions: t('reports:open.solutions'),
    skills: t('reports:open.skills'),
    comments: t('reports:open.comments'),
    users: t('reports:open.users'),
  };
  return labels[report.itemType] ?? t('reports:card.openItem');
}

/**
 * What was reported, as its moderators and its reporter see it: a post's title or opening words, a
 * comment's text, a person's name, with the link that opens it. The server sends the text only to
 * those who may read the item (a reporter loses it once the item is hidden or out of reach).
 */
export function ReportedItem({ report }: { report: ReportCardFieldsFragment }) {
  const { t } = useTranslation();
  const readable = report.itemExcerpt !== null && report.itemExcerpt !== undefined;
  return (
    <Card
      withBorder
      radius="sm"
      padding="sm"
      bg="var(--mantine-color-default-hover)"
      aria-label={t('reports:card.excerpt')}
      component="section"
    >
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {t('reports:card.excerpt')}
        </Text>
        {readable ? (
          <Text size="sm" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
            {report.itemExcerpt}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('reports:card.unavailable')}
          </Text>
        )}
        {readable && report.route ? (
          <Group>
            <Button
              component={Link}
              to={report.route}
              variant="light"
              size="compact-sm"
              leftSection={<IconExternalLink size={14} />}
            >
              {openItemLabel(t, report)}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

export function TopicChips({ report }: { report: ReportCardFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {report.tags.map((tag) => (
        <Badge key={tag} size="sm" variant="outline" color="red" tt="none">
          {t(topicKey(report.itemType, tag))}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The report card (spec 000 §2): what was reported (in place of the bare path and id: its kind, its
 * text and the link that opens it), reported author, time, topics, comments, status. For
 * moderators also who reported, the history of actions and the actions.
 */
export function ReportCard({
  report,
  moderator,
}: {
  report: ReportCardFieldsFragment;
  moderator: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('reports:card.label', { id: report.id })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Badge variant="default" size="sm">
                {t(`reports:kinds.${report.itemType}`)}
              </Badge>
              <RelativeTime date={report.createdAt} />
              {report.itemHidden ? (
                <Badge size="sm" color="red" variant="light" leftSection={<IconEyeOff size={12} />}>
                  {t('reports:card.itemHidden')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <ReportStatusBadge status={report.status} />
        </Group>

        <ReportedItem report={report} />

        <Stack gap={4}>
          <Field label={t('reports:card.reportedAuthor')}>
            <ReportedAuthor report={report} />
          </Field>
          {report.spaceName ? (
            <Field label={t('reports:card.space')}>{report.spaceName}</Field>
          ) : null}
          {moderator && report.reporter ? (
            <Field label={t('reports:card.reporter')}>
              <Anchor component={Link} to={`/network/${report.reporter.id}/info`} size="sm">
                {report.reporter.displayName}
              </Anchor>
            </Field>
          ) : null}
          <Field label={t('reports:card.tags')}>
            <TopicChips report={report} />
          </Field>
          <Field label={t('reports:card.comments')}>
            {report.comments || (
              <Text span size="sm" c="dimmed">
                {t('reports:card.noComments')}
              </Text>
            )}
          </Field>
        </Stack>

        {moderator ? (
          <>
            <Divider />
            <Text size="sm" fw={600}>
              {t('reports:card.history')}
            </Text>
            {report.actions.length ? (
              <Timeline bulletSize={12} lineWidth={2}>
                {report.actions.map((entry) => (
                  <HistoryEntry key={entry.id} entry={entry} />
                ))}
              </Timeline>
            ) : (
              <Text size="sm" c="dimmed">
                {t('reports:card.noHistory')}
              </Text>
            )}
            <ReportActions report={report} layout="buttons" />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
