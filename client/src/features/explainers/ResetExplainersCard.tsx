import { useMutation } from '@apollo/client/react';
import { Button } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { ResetExplainersDocument } from '../../gql/graphql';
import { clearClosedExplainers } from './closedExplainers';
import { SettingsCard } from '../../components/SettingsCard';

/** Settings: 'Show all explainer cards again' (clears every 'Don't show again'). */
export function ResetExplainersCard() {
  const { t } = useTranslation();
  const [reset, { loading }] = useMutation(ResetExplainersDocument);

  const showAgain = async () => {
    try {
      await reset();
      // Cards closed for this session come back too: the person asked to see them all.
      clearClosedExplainers();
      notifySuccess(t('explainers:settings.done'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <SettingsCard title={t('explainers:settings.title')} intro={t('explainers:settings.intro')}>
      <Button
        variant="light"
        leftSection={<IconInfoCircle size={16} />}
        loading={loading}
        onClick={() => void showAgain()}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('explainers:settings.reset')}
      </Button>
    </SettingsCard>
  );
}
