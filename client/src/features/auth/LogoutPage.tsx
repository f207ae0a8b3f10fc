import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from './useSession';

/** /auth/logout: signs out, then goes to /. */
export function LogoutPage() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader />
        <Text>{t('auth:logout.signingOut')}</Text>
      </Stack>
    </Center>
  );
}
