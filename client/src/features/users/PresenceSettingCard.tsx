import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SettingSwitchCard } from '../../components/SettingSwitchCard';
import { PresenceSettingDocument, SetPresenceHiddenDocument } from '../../gql/graphql';

/**
 * The chat presence switch on the account settings page: on, the people the viewer shares a chat
 * or a private space with see when they are online and last seen; off, everyone sees them offline.
 */
export function PresenceSettingCard() {
  const { t } = useTranslation();
  const { data } = useQuery(PresenceSettingDocument);
  const [setPresenceHidden] = useMutation(SetPresenceHiddenDocument);
  return (
    <SettingSwitchCard
      checked={data?.me ? !data.me.hidePresence : false}
      loaded={Boolean(data?.me)}
      save={(show) => setPresenceHidden({ variables: { hidden: !show } })}
      savedText={(show) =>
        t(show ? 'users:account.presence.shown' : 'users:account.presence.hidden')
      }
      label={t('users:account.presence.label')}
      description={t('users:account.presence.description')}
    />
  );
}
