import { MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, localizedTheme } from './theme';

/** Mantine with the app's theme, its own labels (close buttons) in the reader's language. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common:actions.close');
  const theme = useMemo(() => localizedTheme({ close }), [close]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
