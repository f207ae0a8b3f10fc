import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/overlays';

/**
 * Shown when the browser refused the position (000 §2 location-denied dialog; the spec leaves its
 * text to us): how to allow it again, and that searching for a place works without it.
 */
export function LocationDeniedDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconMapPinOff size={18} aria-hidden />
          {t('places:denied.title')}
        </Group>
      }
      size="sm"
      centered
      zIndex={400}
    >
      <Stack>
        <Text size="sm">{t('places:denied.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('places:denied.searchInstead')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('places:denied.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
