/**
 * i18next with every locales/<lang>/<ns>.json bundled (namespace = file name). English and Telugu
 * are complete; the other languages the state layer knows fall back to English. The choice lives
 * in the `i18n_redirected` cookie (no URL prefix).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/te';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  APP_LANGS,
  DEFAULT_LANG,
  KNOWN_LANGS,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  type AppLang,
} from '@rules';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json', {
  eager: true,
});

function bundle(): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/u.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = module.default;
  }
  return resources;
}

const resources = bundle();
export const namespaces = [
  ...new Set(Object.values(resources).flatMap((lang) => Object.keys(lang))),
];

type KnownLang = (typeof KNOWN_LANGS)[number];
const isKnownLang = (value: unknown): value is KnownLang =>
  typeof value === 'string' && (KNOWN_LANGS as readonly string[]).includes(value);
export const isAppLang = (value: unknown): value is AppLang =>
  typeof value === 'string' && (APP_LANGS as readonly string[]).includes(value);

export function readLanguageCookie(): KnownLang | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  const value = entry ? decodeURIComponent(entry.slice(LOCALE_COOKIE.length + 1)) : null;
  return isKnownLang(value) ? value : null;
}

function writeLanguageCookie(lang: string) {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

function applyToPage(lang: string) {
  document.documentElement.lang = lang;
  dayjs.locale(isAppLang(lang) ? lang : DEFAULT_LANG);
}

const initial = readLanguageCookie() ?? DEFAULT_LANG;

void i18next.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...KNOWN_LANGS],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
applyToPage(initial);

export const i18n = i18next;

/** The language shown now, as one of the app languages (others count as English). */
export const currentAppLang = (): AppLang =>
  isAppLang(i18next.language) ? i18next.language : DEFAULT_LANG;

/** Switches the interface language and remembers it in the cookie for 365 days. */
export async function setInterfaceLanguage(lang: string) {
  const next = isKnownLang(lang) ? lang : DEFAULT_LANG;
  writeLanguageCookie(next);
  applyToPage(next);
  await i18next.changeLanguage(next);
}
