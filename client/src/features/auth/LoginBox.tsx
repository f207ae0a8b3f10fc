/**
 * The login box: a modal with the auth panel, opened from anywhere with `useLoginBox().open()`.
 * `useRequireSignIn()` guards an action: signed in it runs, signed out the box opens and the action
 * is dropped (spec: "Actions need sign-in").
 */
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPanel, type AuthView } from './AuthPanel';
import { useCompleteSignIn } from './useSession';
import { useViewer } from './useViewer';

interface LoginBoxApi {
  open(tab?: 'signin' | 'signup'): void;
}

const LoginBoxContext = createContext<LoginBoxApi | null>(null);

export function LoginBoxProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<AuthView>('signin');
  const completeSignIn = useCompleteSignIn();
  const fullScreen = useMediaQuery('(max-width: 36em)');

  const open = useCallback((tab: 'signin' | 'signup' = 'signin') => {
    setView(tab);
    setOpened(true);
  }, []);
  const api = useMemo(() => ({ open }), [open]);

  // Closing resets the flow to signin-register.
  const close = () => {
    setOpened(false);
    setView('signin');
  };

  return (
    <LoginBoxContext.Provider value={api}>
      {children}
      <Modal
        opened={opened}
        onClose={close}
        title={t('auth:loginBox.title')}
        centered
        fullScreen={fullScreen}
        size="md"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <AuthPanel
          view={view}
          onViewChange={setView}
          onSignedIn={async () => {
            close();
            await completeSignIn();
          }}
        />
      </Modal>
    </LoginBoxContext.Provider>
  );
}

export function useLoginBox(): LoginBoxApi {
  const api = useContext(LoginBoxContext);
  if (!api) throw new Error('useLoginBox needs <LoginBoxProvider> (the app root renders it)');
  return api;
}

export function useRequireSignIn(): (action: () => void) => void {
  const { viewer } = useViewer();
  const { open } = useLoginBox();
  return useCallback(
    (action: () => void) => {
      if (viewer) action();
      else open('signin');
    },
    [viewer, open],
  );
}
