import { useMutation } from '@apollo/client/react';
import { Alert, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  DeleteSpaceDocument,
  UpdateSpaceDocument,
  type SpaceCardFragment,
} from '../../gql/graphql';
import { ManageOverviewPanel } from '../admin';
import { ReportQueue } from '../moderation';
import { InviteDialog } from './InviteDialog';
import { ParticipantList } from './ParticipantList';
import { SpaceForm } from './SpaceForm';
import { PAGE_WIDTH, SpaceHeader, WithSpace } from './SpacePage';

const MANAGE_TABS = ['participants', 'settings', 'reports', 'analytics'] as const;

function ManageParticipants({ space }: { space: SpaceCardFragment }) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const [tab, setTab] = useState<string>('owners');
  const props = { spaceId: space.id, manage: true, viewerStatus: space.status ?? null };
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          {t('spaces:invite.open')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => value && setTab(value)}>
        <Tabs.List>
          <Tabs.Tab value="owners">{t('spaces:manage.owners')}</Tabs.Tab>
          <Tabs.Tab value="participants">{t('spaces:manage.participants')}</Tabs.Tab>
          <Tabs.Tab value="invited">{t('spaces:private.invited')}</Tabs.Tab>
          <Tabs.Tab value="requested">{t('spaces:private.requested')}</Tabs.Tab>
          <Tabs.Tab value="blocked">{t('spaces:private.blocked')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'owners' ? (
        <Stack gap="sm">
          <ParticipantList {...props} status="owner" empty={t('spaces:manage.empty')} />
          <ParticipantList {...props} status="admin" empty={t('spaces:manage.noAdmins')} />
        </Stack>
      ) : null}
      {tab === 'participants' ? (
        <ParticipantList {...props} status="contributor" empty={t('spaces:manage.empty')} />
      ) : null}
      {tab === 'invited' ? (
        <ParticipantList {...props} status="invited" empty={t('spaces:manage.empty')} />
      ) : null}
      {tab === 'requested' ? (
        <ParticipantList {...props} status="requested" empty={t('spaces:manage.empty')} />
      ) : null}
      {tab === 'blocked' ? (
        <ParticipantList {...props} status="blocked" empty={t('spaces:manage.empty')} />
      ) : null}
      <InviteDialog spaceId={space.id} opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

function ManageSettings({ space }: { space: SpaceCardFragment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [update] = useMutation(UpdateSpaceDocument);
  const [remove, { loading: deleting }] = useMutation(DeleteSpaceDocument, {
    refetchQueries: ['MySpaces', 'SpaceDrawer'],
  });
  const [confirming, setConfirming] = useState(false);
  if (!space.canEdit) return <Alert color="gray">{t('spaces:settings.ownerOnly')}</Alert>;
  const deleteSpace = async () => {
    try {
      await remove({ variables: { id: space.id } });
      notifySuccess(t('spaces:settings.deleted'));
      void navigate('/spaces/private/active');
    } catch (caught) {
      notifyError(caught);
    }
  };
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <SpaceForm
          initial={{ name: space.name, description: space.description ?? '' }}
          submitLabel={t('common:actions.save')}
          onSubmit={async (values) => {
            await update({ variables: { id: space.id, input: values } });
            notifySuccess(t('spaces:settings.saved'));
          }}
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Text fw={600}>{t('spaces:settings.deleteTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('spaces:settings.deleteText')}
            </Text>
          </Stack>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={t('spaces:settings.deleteTitle')}
        message={t('spaces:settings.deleteConfirm', { name: space.name })}
        confirmLabel={t('common:actions.delete')}
        loading={deleting}
        onConfirm={() => void deleteSpace()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** /space/{id}/manage/{participants,settings,reports,analytics} for owners and admins. */
export function ManageSpacePage() {
  const { t } = useTranslation();
  const { id = '', tab = 'participants' } = useParams();
  const navigate = useNavigate();
  const current = MANAGE_TABS.find((value) => value === tab);
  if (!current) return <ComingSoon />;
  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <WithSpace id={id}>
        {(space) =>
          !space.canManage ? (
            <Navigate to={`/space/${space.id}/info`} replace />
          ) : (
            <>
              <SpaceHeader space={space} managing />
              <Tabs
                value={current}
                onChange={(value) => value && void navigate(`/space/${id}/manage/${value}`)}
              >
                <Tabs.List>
                  <Tabs.Tab value="participants">{t('spaces:tabs.participants')}</Tabs.Tab>
                  <Tabs.Tab value="settings">{t('spaces:tabs.settings')}</Tabs.Tab>
                  <Tabs.Tab value="reports">{t('spaces:tabs.reports')}</Tabs.Tab>
                  <Tabs.Tab value="analytics">{t('admin:analytics.tab')}</Tabs.Tab>
                </Tabs.List>
              </Tabs>
              {current === 'participants' ? <ManageParticipants space={space} /> : null}
              {current === 'settings' ? <ManageSettings space={space} /> : null}
              {current === 'reports' ? <ReportQueue spaceId={space.id} /> : null}
              {current === 'analytics' ? <ManageOverviewPanel spaceId={space.id} /> : null}
            </>
          )
        }
      </WithSpace>
    </Stack>
  );
}
