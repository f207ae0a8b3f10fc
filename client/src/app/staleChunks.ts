/**
 * A deploy replaces the hashed chunks an open tab still names, so its next lazily loaded page fails
 * to load. As the spec says (000 §4, 001 §8), the page then reloads, at most once per 60 seconds:
 * the reloaded page names the new chunks. A second failure within the minute is a real one (the
 * server or the network is down) and shows the error page instead of reloading in a loop.
 */
const RELOADED_AT = 'stale-chunk-reload-at';
const RELOAD_INTERVAL_MS = 60_000;

/** Messages browsers give a dynamic import that failed to load (Chromium, Safari, Firefox). */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

/** Whether a reload may replace the error now: none for this in the last minute. */
export function mayReloadForStaleChunk(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) >= RELOAD_INTERVAL_MS;
  } catch {
    // No session storage (a locked-down browser): no reload, so never a loop.
    return false;
  }
}

/** Reloads the page unless it reloaded for this in the last minute; says whether it did. */
export function reloadForStaleChunk(): boolean {
  if (!mayReloadForStaleChunk()) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

/** Vite reports a chunk (or its CSS) it could not preload; a reload replaces the error. */
export function reloadOnStaleChunks() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForStaleChunk()) event.preventDefault();
  });
}
