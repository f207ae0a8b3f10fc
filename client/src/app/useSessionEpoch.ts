import { useSyncExternalStore } from 'react';
import { sessionEpochStore } from './apollo';

/** Changes whenever the signed-in identity does: effects that subscribe list it as a dependency. */
export const useSessionEpoch = () =>
  useSyncExternalStore(sessionEpochStore.subscribe, sessionEpochStore.current);
