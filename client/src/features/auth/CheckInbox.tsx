import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  email: string;
  /** The server's message, already translated ('Please check your email.'). */
  message: string;
  onBack: () => void;
}

export function CheckInbox({ email, message, onBack }: Props) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" ta="center" data-testid="check-inbox">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconMailOpened size={36} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {t('auth:checkInbox.title')}
      </Title>
      <Text fw={500} role="status">
        {message}
      </Text>
      <Text size="sm" c="dimmed">
        {t('auth:checkInbox.sentTo', { email })}
      </Text>
      <Button variant="light" onClick={onBack}>
        {t('auth:backToSignIn')}
      </Button>
    </Stack>
  );
}
