import { useApolloClient } from '@apollo/client/react';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SHARE_PARAM, type SharePayload } from '@rules';
import { useActiveSpace } from '../../app/useActiveSpace';
import { SpaceDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { canReadSpace, useChangeSpace } from '../spaces';

// Shown only when a link leads into a private space the viewer is not in: loaded then.
const PrivateSpacePanel = lazy(() =>
  import('./PrivateSpacePanel').then((m) => ({ default: m.PrivateSpacePanel })),
);

interface Shared {
  payload: SharePayload;
  /** The route the link opened; the panel shows only there. */
  at: string;
}

/**
 * Opens share links: reads the `url` parameter, removes it from the address, switches to the
 * link's space when the viewer may read it (the page then shows the item), or says politely that
 * the item is in a private space the viewer is not in, with Request access (Sign in when signed
 * out). A bad payload is ignored: the route opens as it is.
 */
export function ShareLanding({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { viewer, loading } = useViewer();
  const active = useActiveSpace();
  const { enter, dialog } = useChangeSpace();
  /** A link still to act on: kept while blocked, so signing in from the panel checks again. */
  const [pending, setPending] = useState<Shared | null>(null);
  /** The viewer may not read the link's space: the polite panel instead of the page. */
  const [blocked, setBlocked] = useState<Shared | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const raw = params.get(SHARE_PARAM);
    if (raw === null) return;
    params.delete(SHARE_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
    const at = location.pathname;
    setBlocked(null);
    // The payload's checker (zod) loads only when a share link is opened, not on every visit.
    void import('./sharePayload').then(({ decodeSharePayload }) => {
      const payload = decodeSharePayload(raw);
      setPending(payload ? { payload, at } : null);
    });
  }, [location, navigate]);

  const viewerId = viewer?.id;
  const activeSpaceId = active.spaceId;
  useEffect(() => {
    if (!pending || loading) return;
    const { payload, at } = pending;
    if (payload.spaceId === activeSpaceId) {
      setPending(null);
      setBlocked(null);
      return;
    }
    let cancelled = false;
    void (async () => {
      // The server says whether this viewer (signed in or not: viewerId) may read the space: a
      // private one they are not in answers NOT_FOUND, as a space that does not exist does.
      const space = await client
        .query({
          query: SpaceDocument,
          variables: { id: payload.spaceId },
          fetchPolicy: 'network-only',
        })
        .then(({ data }) => data?.space ?? null)
        .catch(() => null);
      if (cancelled) return;
      const readable = space && canReadSpace(space);
      if (readable) {
        setPending(null);
        setBlocked(null);
        await enter({ id: space.id, name: space.name, isPrivate: space.isPrivate }, at, {
          replace: true,
        });
      } else if (space?.isPrivate || (!space && payload.isPrivate)) {
        setBlocked({ payload: { ...payload, spaceName: space?.name ?? payload.spaceName }, at });
      } else {
        setPending(null);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pending, loading, viewerId, activeSpaceId, client, enter]);

  const here = (shared: Shared | null): shared is Shared => shared?.at === location.pathname;
  // While the space is being checked the page waits, rather than flash a 'not found' it may have.
  const content = here(blocked) ? (
    <Suspense fallback={null}>
      <PrivateSpacePanel payload={blocked.payload} />
    </Suspense>
  ) : here(pending) ? (
    <Center py="xl">
      <Loader role="status" aria-label={t('share:landing.checking')} />
    </Center>
  ) : (
    children
  );
  return (
    <>
      {content}
      {dialog}
    </>
  );
}
