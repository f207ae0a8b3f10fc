import { Button, Container, Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Pages of the spec that later issues build: a plain page inside the shell, never a blank screen.
 * As a tab of a page that has its own h1, its title is an h2.
 */
export function ComingSoon({ order = 1 }: { order?: TitleOrder }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={48}>
      <Stack align="center" ta="center" gap="md" data-testid="coming-soon">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconHammer size={40} />
        </ThemeIcon>
        <Title order={order} size="h2">
          {t('common:comingSoon.title')}
        </Title>
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
