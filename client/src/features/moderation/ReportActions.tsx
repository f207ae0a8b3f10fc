import { Button, Group } from '@mantine/core';
import type { ReportStatus } from '@rules';
import {
  IconCheck,
  IconEye,
  IconEyeOff,
  IconSearch,
  IconUserOff,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import type { ReportCardFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../components/formatDateTime';
import { SuspendDialog } from './SuspendDialog';
import { useModeration } from './useModeration';
import { IconMenu } from '../../components/IconMenu';
import { Menu } from '../../components/overlays';

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  run: () => void;
}

type Confirming = 'dismiss' | 'hide' | 'suspend' | null;

/**
 * A moderator's actions on a report: its status (Reviewing, Resolve, Dismiss), hiding or
 * restoring the item, suspending its author. Dismiss and Hide ask first; Suspend asks for how long.
 * `layout`: a row of buttons on the card, a menu in a table row.
 */
export function ReportActions({
  report,
  layout,
}: {
  report: ReportCardFieldsFragment;
  layout: 'buttons' | 'menu';
}) {
  const { t, i18n } = useTranslation();
  const moderation = useModeration();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const attempt = async (write: () => Promise<void>, success: string) => {
    try {
      await write();
      notifySuccess(success);
      setConfirming(null);
    } catch (caught) {
      notifyError(caught);
    }
  };
  const setStatus = (status: ReportStatus) =>
    attempt(
      () => moderation.setReportStatus(report.id, status),
      t('reports:actions.statusChanged', { status: t(`reports:status.${status}`) }),
    );
  const item = { itemType: report.itemType, itemId: report.itemId };

  const actions: Action[] = [];
  if (report.status !== 'reviewing')
    actions.push({
      key: 'reviewing',
      label: t('reports:actions.reviewing'),
      icon: <IconSearch size={16} />,
      run: () => void setStatus('reviewing'),
    });
  if (report.status !== 'resolved')
    actions.push({
      key: 'resolve',
      label: t('reports:actions.resolve'),
      icon: <IconCheck size={16} />,
      color: 'teal',
      run: () => void setStatus('resolved'),
    });
  if (report.status !== 'dismissed')
    actions.push({
      key: 'dismiss',
      label: t('reports:actions.dismiss'),
      icon: <IconX size={16} />,
      run: () => setConfirming('dismiss'),
    });
  if (report.itemType !== 'users')
    actions.push(
      report.itemHidden
        ? {
            key: 'restore',
            label: t('reports:actions.restore'),
            icon: <IconEye size={16} />,
            run: () =>
              void attempt(
                () => moderation.moderateItem('restore', item, report.id),
                t('reports:actions.restored'),
              ),
          }
        : {
            key: 'hide',
            label: t('reports:actions.hide'),
            icon: <IconEyeOff size={16} />,
            color: 'red',
            run: () => setConfirming('hide'),
          },
    );
  // Only whom the viewer may suspend (site moderators; never an admin or themselves).
  const author = report.canSuspend ? report.reportedAuthor : null;
  if (author)
    actions.push({
      key: 'suspend',
      label: t('reports:actions.suspend'),
      icon: <IconUserOff size={16} />,
      color: 'red',
      run: () => setConfirming('suspend'),
    });

  const dialogs = (
    <>
      <ConfirmDialog
        opened={confirming === 'dismiss'}
        title={t('reports:confirm.dismissTitle')}
        message={t('reports:confirm.dismissMessage')}
        confirmLabel={t('reports:actions.dismiss')}
        loading={moderation.busy}
        onConfirm={() => void setStatus('dismissed')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'hide'}
        title={t('reports:confirm.hideTitle')}
        message={t('reports:confirm.hideMessage')}
        confirmLabel={t('reports:actions.hide')}
        loading={moderation.busy}
        onConfirm={() =>
          void attempt(
            () => moderation.moderateItem('hide', item, report.id),
            t('reports:actions.hidden'),
          )
        }
        onCancel={() => setConfirming(null)}
      />
      {author ? (
        <SuspendDialog
          opened={confirming === 'suspend'}
          name={author.displayName}
          loading={moderation.busy}
          onClose={() => setConfirming(null)}
          onSuspend={(until) =>
            void attempt(
              () => moderation.suspendUser(author.id, until, report.id),
              t('reports:actions.suspended', { date: formatDateTime(until, i18n.language) }),
            )
          }
        />
      ) : null}
    </>
  );

  if (layout === 'menu')
    return (
      <>
        <IconMenu label={t('reports:actions.label')}>
          {actions.map((action) => (
            <Menu.Item
              key={action.key}
              leftSection={action.icon}
              c={action.color === 'red' ? 'red' : undefined}
              onClick={action.run}
            >
              {action.label}
            </Menu.Item>
          ))}
        </IconMenu>
        {dialogs}
      </>
    );
  return (
    <>
      <Group gap="xs" aria-label={t('reports:actions.label')} role="group">
        {actions.map((action) => (
          <Button
            key={action.key}
            size="compact-sm"
            variant="light"
            color={action.color ?? 'gray'}
            leftSection={action.icon}
            onClick={action.run}
          >
            {action.label}
          </Button>
        ))}
      </Group>
      {dialogs}
    </>
  );
}
