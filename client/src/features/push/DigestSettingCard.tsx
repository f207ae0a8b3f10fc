import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SettingSwitchCard } from '../../components/SettingSwitchCard';
import { DigestSettingDocument, SetDigestEmailsDocument } from '../../gql/graphql';

/** The e-mail digest switch on the account settings page (also turned off from the e-mail). */
export function DigestSettingCard() {
  const { t } = useTranslation();
  const { data } = useQuery(DigestSettingDocument);
  const [setDigestEmails] = useMutation(SetDigestEmailsDocument);
  return (
    <SettingSwitchCard
      checked={data?.me?.digestEmails ?? false}
      loaded={Boolean(data?.me)}
      save={(on) => setDigestEmails({ variables: { on } })}
      savedText={(on) => t(on ? 'notifications:push.digest.on' : 'notifications:push.digest.off')}
      label={t('notifications:push.digest.label')}
      description={t('notifications:push.digest.description')}
    />
  );
}
