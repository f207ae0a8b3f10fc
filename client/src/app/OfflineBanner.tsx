import { Alert, Box } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACK_ONLINE_MS } from '@rules';

type Network = 'online' | 'offline' | 'backOnline';

/** 'You are not connected to the Internet, try again' while offline; 'Back online' for 2 s after. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const [state, setState] = useState<Network>(() => (navigator.onLine ? 'online' : 'offline'));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      clearTimeout(timer);
      setState('backOnline');
      timer = setTimeout(() => setState('online'), BACK_ONLINE_MS);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  if (state === 'online') return null;
  const isOffline = state === 'offline';
  return (
    <Box
      pos="fixed"
      top={8}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, maxWidth: 'calc(100% - 16px)' }}
    >
      <Alert
        variant="filled"
        color={isOffline ? 'red' : 'teal'}
        icon={isOffline ? <IconWifiOff size={18} /> : <IconWifi size={18} />}
        role={isOffline ? 'alert' : 'status'}
        data-testid="network-banner"
        py={8}
      >
        {isOffline ? t('common:offline.message') : t('common:offline.backOnline')}
      </Alert>
    </Box>
  );
}
