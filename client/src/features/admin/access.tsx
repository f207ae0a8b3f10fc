import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { ErrorPage } from '../../components/ErrorPage';
import { SpaceDocument } from '../../gql/graphql';
import { useActiveSpace } from '../../app/useActiveSpace';
import { RequireSignIn, useViewer } from '../auth';

/** /admin/* pages: signed out go to sign-in, everyone but site admins sees the 403 page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { viewer } = useViewer();
  return (
    <RequireSignIn>
      {viewer && !viewer.isAdmin ? <ErrorPage status={403} /> : children}
    </RequireSignIn>
  );
}

export interface ManageAccess {
  loading: boolean;
  /** The active space's load failed, so whether the viewer manages it is unknown. */
  error: unknown;
  refetch: () => unknown;
  spaceId: string;
  /** Overview, users and data: site admins for any space, a private space's owners and admins. */
  canManage: boolean;
  /** The reports tab: managers, and site moderators (the site queue). */
  canModerate: boolean;
}

/**
 * What the viewer may open of the active space's /manage pages; the server checks the same rules
 * (admin.policy.ts) and answers FORBIDDEN otherwise.
 */
export function useManageAccess(): ManageAccess {
  const { viewer, loading: viewerLoading } = useViewer();
  const { spaceId } = useActiveSpace();
  const { data, loading, error, refetch } = useQuery(SpaceDocument, {
    variables: { id: spaceId },
    skip: !viewer,
    fetchPolicy: 'cache-first',
  });
  const space = data?.space;
  const owns = !!space && space.kind === 'private' && space.canManage;
  const canManage = !!viewer && (viewer.isAdmin || owns);
  return {
    loading: viewerLoading || (loading && !data),
    error: space ? undefined : error,
    refetch,
    spaceId,
    canManage,
    canModerate: canManage || !!viewer?.isModerator,
  };
}
