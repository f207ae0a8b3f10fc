import { useMutation, useQuery } from '@apollo/client/react';
import { Card, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { DigestSettingDocument, SetDigestEmailsDocument } from '../../gql/graphql';

/** The e-mail digest switch on the account settings page (also turned off from the e-mail). */
export function DigestSettingCard() {
  const { t } = useTranslation();
  const { data } = useQuery(DigestSettingDocument);
  const [setDigestEmails, { loading }] = useMutation(SetDigestEmailsDocument);
  const on = data?.me?.digestEmails ?? false;

  const change = async (next: boolean) => {
    try {
      await setDigestEmails({ variables: { on: next } });
      notifySuccess(t(next ? 'notifications:push.digest.on' : 'notifications:push.digest.off'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card withBorder radius="md">
      <Switch
        checked={on}
        disabled={!data?.me || loading}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t('notifications:push.digest.label')}
        description={t('notifications:push.digest.description')}
      />
    </Card>
  );
}
