import { Center, Loader, Paper } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { OIDC_NOTICE_PARAM } from '@rules';
import { AuthPanel, type AuthView } from './AuthPanel';
import { oidcNoticeOf } from './OidcSignIn';
import { HOME_FEED, useCompleteSignIn } from './useSession';
import { useViewer } from './useViewer';

const PATHS: Partial<Record<AuthView, string>> = {
  signin: '/auth/login',
  signup: '/auth/signUp',
  reset: '/auth/forgotPassword',
};

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      w="100%"
      maw={440}
      mx="auto"
    >
      {children}
    </Paper>
  );
}

/** /auth/login, /auth/signUp and /auth/forgotPassword: the login box's panel as a page. */
export function AuthPage({ initial }: { initial: AuthView }) {
  const { viewer, loading } = useViewer();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [view, setView] = useState<AuthView>(initial);
  const [signingIn, setSigningIn] = useState(false);
  const [params] = useSearchParams();

  if (loading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  // Signed-in users have nothing to do here (spec: sign-in guard).
  if (viewer && !signingIn) return <Navigate to={HOME_FEED} replace />;

  return (
    <AuthCard>
      <AuthPanel
        view={view}
        onViewChange={(next) => {
          const path = PATHS[next];
          if (path) void navigate(path, { replace: true });
          else setView(next);
        }}
        onSignedIn={async () => {
          setSigningIn(true);
          await completeSignIn();
        }}
        oidcNotice={oidcNoticeOf(params.get(OIDC_NOTICE_PARAM))}
      />
    </AuthCard>
  );
}
