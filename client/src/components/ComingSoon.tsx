import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Pages of the spec that later issues build: a plain page inside the shell, never a blank screen. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={48}>
      <Stack align="center" ta="center" gap="md" data-testid="coming-soon">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconHammer size={40} />
        </ThemeIcon>
        <Title order={2}>{t('common:comingSoon.title')}</Title>
        <Text c="dimmed" maw={420}>
          {t('common:comingSoon.text')}
        </Text>
        <Button component={Link} to="/stories/recent" variant="light">
          {t('common:comingSoon.back')}
        </Button>
      </Stack>
    </Container>
  );
}
