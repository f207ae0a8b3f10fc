import { Stack, Tabs } from '@mantine/core';
import { REPORT_STATUSES, type ReportStatus } from '@rules';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PendingPostList } from './PendingPostList';
import { ReportList } from './ReportList';

const PENDING = 'pending';
type QueueTab = ReportStatus | typeof PENDING;

const isStatus = (value: string | null): value is ReportStatus =>
  (REPORT_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The moderators' queue: reports by status (open, reviewing, resolved, dismissed) and the
 * anonymous posts awaiting approval, the tab kept in `?status=` so a view can be linked. Without
 * `spaceId` the site's queue; with it, one private space's (for its owners and admins). Used by
 * /reports, /reportsTable, /space/{id}/reports and /manage/reports.
 */
export function ReportQueue({
  spaceId,
  layout = 'cards',
}: {
  spaceId?: string;
  layout?: 'cards' | 'table';
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const tab: QueueTab = requested === PENDING ? PENDING : isStatus(requested) ? requested : 'open';
  const tabs: QueueTab[] = [...REPORT_STATUSES, PENDING];

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => value && setParams({ status: value }, { replace: true })}
      >
        <Tabs.List aria-label={t('reports:tabs.label')}>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`reports:tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === PENDING ? (
        <PendingPostList spaceId={spaceId} />
      ) : (
        <ReportList scope={{ kind: 'queue', status: tab, spaceId }} layout={layout} />
      )}
    </Stack>
  );
}
