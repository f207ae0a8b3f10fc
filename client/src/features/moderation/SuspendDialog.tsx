import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/formatDateTime';

const PERIODS = ['day1', 'day7', 'day30', 'custom'] as const;
type Period = (typeof PERIODS)[number];
const DAYS: Record<Exclude<Period, 'custom'>, number> = { day1: 1, day7: 7, day30: 30 };

/**
 * Suspend a person for 1, 7 or 30 days or until a chosen date. The dialog states what a
 * suspension means and when it ends, so its Suspend button is the confirmation.
 */
export function SuspendDialog({
  opened,
  name,
  loading,
  onSuspend,
  onClose,
}: {
  opened: boolean;
  name: string;
  loading: boolean;
  onSuspend: (until: Date) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('day7');
  const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
  const [customDate, setCustomDate] = useState(tomorrow);
  const until =
    period === 'custom'
      ? dayjs(customDate).endOf('day').toDate()
      : dayjs().add(DAYS[period], 'day').toDate();
  const valid = !Number.isNaN(until.getTime()) && until.getTime() > Date.now();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('reports:confirm.suspendTitle', { name })}
      size="sm"
      centered
    >
      <Stack>
        <Radio.Group
          label={t('reports:suspend.for')}
          value={period}
          onChange={(value) => setPeriod(value as Period)}
        >
          <Stack gap={8} mt={8}>
            {PERIODS.map((value) => (
              <Radio key={value} value={value} label={t(`reports:suspend.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {period === 'custom' ? (
          <TextInput
            type="date"
            label={t('reports:suspend.until')}
            min={tomorrow}
            value={customDate}
            onChange={(event) => setCustomDate(event.currentTarget.value)}
            error={valid ? null : t('reports:errors.untilInvalid')}
          />
        ) : null}
        {valid ? (
          <Text size="sm">
            {t('reports:confirm.suspendMessage', { date: formatDateTime(until, i18n.language) })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={loading} disabled={!valid} onClick={() => onSuspend(until)}>
            {t('reports:suspend.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
