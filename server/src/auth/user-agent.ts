/**
 * A short, readable name for the device a session signed in from ("Chrome on Linux"), read from
 * its User-Agent header. Deliberately small and local: a few browser and system families, checked
 * in an order that survives the tokens every browser copies from the others (Edge and Opera say
 * "Chrome", Chrome says "Safari", Android says "Linux"). Nothing leaves the process; an unknown
 * header answers nulls, never a guess.
 */

/** The longest User-Agent kept with a session: real ones run to a few hundred characters. */
export const USER_AGENT_MAX = 512;

export interface DeviceName {
  browser: string | null;
  os: string | null;
}

/** First match wins: the more specific browsers come before the ones they imitate. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//u, 'Edge'],
  [/\bOPR\/|\bOpera\b/u, 'Opera'],
  [/\bSamsungBrowser\//u, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//u, 'Firefox'],
  [/\bChromium\//u, 'Chromium'],
  [/\bChrome\/|\bCriOS\//u, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//u, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/u, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/u, 'iOS'],
  [/\bAndroid\b/u, 'Android'],
  [/\bCrOS\b/u, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/u, 'macOS'],
  [/\bLinux\b|\bX11\b/u, 'Linux'],
];

const firstMatch = (header: string, families: readonly [RegExp, string][]) =>
  families.find(([pattern]) => pattern.test(header))?.[1] ?? null;

export function parseUserAgent(header: string | null | undefined): DeviceName {
  if (!header) return { browser: null, os: null };
  const text = header.slice(0, USER_AGENT_MAX);
  return { browser: firstMatch(text, BROWSERS), os: firstMatch(text, SYSTEMS) };
}

/** "Chrome on Linux", "Firefox", "Android", or "Unknown device": English, for API clients. */
export function deviceLabel({ browser, os }: DeviceName): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
