// The viewer's position from the browser, shared by the location picker and the location sorts.
// The browser is asked once per session: a position it gave is kept in sessionStorage, so later
// pages (and reloads) sort by location without asking again. A refusal is not kept: the next
// explicit request asks again, which is how a reader who has since allowed it gets through.
import { useCallback, useState, useSyncExternalStore } from 'react';

export interface ViewerPosition {
  lat: number;
  lng: number;
}

/** Why no position came: the browser has no geolocation, the reader refused, or it failed. */
export type PositionProblem = 'unsupported' | 'denied' | 'unavailable';

const STORAGE_KEY = 'bumps:viewer-position';
/** Long enough for a phone's first fix; a cached fix up to 10 minutes old is good enough. */
const POSITION_TIMEOUT_MS = 20_000;
const POSITION_MAX_AGE_MS = 10 * 60_000;

const listeners = new Set<() => void>();
let remembered: ViewerPosition | null | undefined;

function readRemembered(): ViewerPosition | null {
  if (remembered !== undefined) return remembered;
  remembered = null;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (
      stored &&
      typeof stored === 'object' &&
      typeof (stored as ViewerPosition).lat === 'number' &&
      typeof (stored as ViewerPosition).lng === 'number'
    )
      remembered = { lat: (stored as ViewerPosition).lat, lng: (stored as ViewerPosition).lng };
  } catch {
    // storage unavailable or spoiled: ask the browser instead
  }
  return remembered;
}

function remember(position: ViewerPosition) {
  remembered = position;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(position));
  } catch {
    // private mode without storage: the position lasts until the page closes
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Asks the browser once; resolves to the position or to why there is none. */
function askBrowser(): Promise<ViewerPosition | PositionProblem> {
  if (!('geolocation' in navigator)) return Promise.resolve('unsupported');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}

/**
 * The remembered position (null until the browser gave one this session), `request()` to get it
 * (asking the browser if needed), whether a request is running, and the last problem: 'denied'
 * is for the location-denied dialog, 'unsupported' for the spec's alert.
 */
export function useViewerPosition() {
  const position = useSyncExternalStore(subscribe, readRemembered, () => null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<PositionProblem | null>(null);

  /** The position, asking the browser if this session has none yet; null (and `problem` set) if refused. */
  const request = useCallback(async (): Promise<ViewerPosition | null> => {
    const known = readRemembered();
    if (known) return known;
    setAsking(true);
    setProblem(null);
    const answer = await askBrowser();
    setAsking(false);
    if (typeof answer === 'string') {
      setProblem(answer);
      return null;
    }
    remember(answer);
    return answer;
  }, []);

  const dismissProblem = useCallback(() => setProblem(null), []);

  return { position, request, asking, problem, dismissProblem };
}
