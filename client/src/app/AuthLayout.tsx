import { ActionIcon, Box, Container, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { LanguageSelect } from '../features/users/LanguageSelect';
import { Logo } from './ShellLayout';

/** Auth pages show the back bar (spec: routes with 'auth' in their name) and the language choice. */
export function AuthLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // No history inside the app (opened from an e-mail link): go to the feed instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/stories/recent');
  };
  return (
    <Box mih="100dvh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Box
        component="header"
        h={60}
        px="md"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={back}
              aria-label={t('common:actions.back')}
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
            <Logo />
          </Group>
          <LanguageSelect withLabel={false} size="xs" />
        </Group>
      </Box>
      <Container
        component="main"
        size="xs"
        py={{ base: 'md', sm: 48 }}
        px={{ base: 'xs', sm: 'md' }}
      >
        {/* The login box's title, as every auth page's one h1; forms below title with h2. */}
        <Title order={1} size="h3" ta="center" mb="md">
          {t('auth:loginBox.title')}
        </Title>
        <Outlet />
      </Container>
    </Box>
  );
}
