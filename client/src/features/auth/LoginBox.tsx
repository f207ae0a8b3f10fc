/**
 * The login box: a modal with the auth panel, opened from anywhere with `useLoginBox().open()`.
 * `useRequireSignIn()` guards an action: signed in it runs, signed out the box opens and the action
 * is dropped (spec: "Actions need sign-in"), unless the caller asks to resume it: opening a create
 * dialog is then remembered, and once the visitor signs in through the box they stay on the page
 * and the dialog opens. A plain sign-in lands on the feed.
 */
import { Center, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthView } from './AuthPanel';
import { resetSession } from '../../app/apollo';
import { useCompleteSignIn } from './useSession';
import { useViewer } from './useViewer';
import { Modal } from '../../components/overlays';

interface LoginBoxApi {
  /** `resume` runs after a sign-in through the box, in place of landing on the feed. */
  open(tab?: 'signin' | 'signup', resume?: () => void): void;
}

const LoginBoxContext = createContext<LoginBoxApi | null>(null);

// The forms (and their validators) load with the box's first opening, not with every visit.
const AuthPanel = lazy(() => import('./AuthPanel').then((m) => ({ default: m.AuthPanel })));

export function LoginBoxProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<AuthView>('signin');
  const completeSignIn = useCompleteSignIn();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const resumeRef = useRef<(() => void) | null>(null);

  const open = useCallback((tab: 'signin' | 'signup' = 'signin', resume?: () => void) => {
    resumeRef.current = resume ?? null;
    setView(tab);
    setOpened(true);
  }, []);
  const api = useMemo(() => ({ open }), [open]);

  // Closing resets the flow to signin-register; a visitor who closes it gives up the action.
  const close = () => {
    resumeRef.current = null;
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
      >
        <Suspense
          fallback={
            <Center py="xl">
              <Loader role="status" aria-label={t('common:app.loading')} />
            </Center>
          }
        >
          <AuthPanel
            view={view}
            onViewChange={setView}
            onSignedIn={async () => {
              const resume = resumeRef.current;
              close();
              if (!resume) return completeSignIn();
              await resetSession();
              resume();
            }}
          />
        </Suspense>
      </Modal>
    </LoginBoxContext.Provider>
  );
}

export function useLoginBox(): LoginBoxApi {
  const api = useContext(LoginBoxContext);
  if (!api) throw new Error('useLoginBox needs <LoginBoxProvider> (the app root renders it)');
  return api;
}

/**
 * `resume`: run the action after the visitor signs in through the box. Only for opening a dialog
 * (nothing is posted or changed without a further click), as with 'Post a story'.
 */
export function useRequireSignIn(): (action: () => void, options?: { resume?: boolean }) => void {
  const { viewer } = useViewer();
  const { open } = useLoginBox();
  return useCallback(
    (action: () => void, { resume = false } = {}) => {
      if (viewer) action();
      else open('signin', resume ? action : undefined);
    },
    [viewer, open],
  );
}
