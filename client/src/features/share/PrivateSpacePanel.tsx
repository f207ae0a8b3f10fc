import { Anchor, Text } from '@mantine/core';
import type { SharePayload } from '@rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequestAccessPanel } from '../spaces';

/** 'This is in the private space {name}. You are not a participant.' with Request access. */
export function PrivateSpacePanel({ payload }: { payload: SharePayload }) {
  const { t } = useTranslation();
  return (
    <RequestAccessPanel
      spaceId={payload.spaceId}
      title={t('share:landing.privateTitle')}
      text={<Text>{t('share:landing.privateText', { name: payload.spaceName })}</Text>}
      signedOutText={t('share:landing.signInText')}
      maw={560}
    >
      <Anchor component={Link} to="/stories/recent" size="sm">
        {t('share:landing.home')}
      </Anchor>
    </RequestAccessPanel>
  );
}
