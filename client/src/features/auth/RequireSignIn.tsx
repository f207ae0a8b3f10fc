import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useViewer } from './useViewer';

/** Pages for the signed-in only: signed out they go to /auth/login (spec: sign-in guard). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { viewer, loading } = useViewer();
  if (loading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!viewer) return <Navigate to="/auth/login" replace />;
  return children;
}
