import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconExternalLink, IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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
 * The report card (spec 000 §2): reported author, time, path, id, topics, comments, status. For
 * moderators also who reported, the reported content, the history of actions and the actions.
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

        <Stack gap={4}>
          <Field label={t('reports:card.reportedAuthor')}>
            <ReportedAuthor report={report} />
          </Field>
          <Field label={t('reports:card.path')}>{report.path}</Field>
          <Field label={t('reports:card.id')}>{report.documentID}</Field>
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

        {moderator && report.itemExcerpt ? (
          <Card withBorder radius="sm" padding="xs" bg="var(--mantine-color-default-hover)">
            <Text size="xs" c="dimmed">
              {t('reports:card.excerpt')}
            </Text>
            <Text size="sm" lineClamp={4}>
              {report.itemExcerpt}
            </Text>
          </Card>
        ) : null}

        {report.route ? (
          <Group>
            <Button
              component={Link}
              to={report.route}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconExternalLink size={14} />}
            >
              {t('reports:card.openItem')}
            </Button>
          </Group>
        ) : null}

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
