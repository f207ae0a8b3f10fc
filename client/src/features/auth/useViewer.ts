import { useQuery } from '@apollo/client/react';
import { MeDocument, type MeQuery } from '../../gql/graphql';

export type Viewer = NonNullable<MeQuery['me']>;

/** The signed-in user (null when signed out or still loading). */
export function useViewer(): { viewer: Viewer | null; loading: boolean } {
  const { data, loading } = useQuery(MeDocument);
  return { viewer: data?.me ?? null, loading: loading && !data };
}
