/**
 * i18next with one language's texts loaded at a time: a first visit downloads only the language it
 * shows (its namespaces in one chunk; namespace = file name under locales/<lang>/), and a heavy
 * page's own namespace (the map editor's) comes with that page (`loadPageTexts`). English and
 * Telugu are complete; the other languages the state layer knows fall back to English. The choice
 * lives in the `i18n_redirected` cookie (no URL prefix). My AI Configs' texts (ai.json) come with
 * that page's code, which loads them itself (features/ai/aiTexts.ts), so not even their loaders
 * are part of a first visit.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/te';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  APP_LANGS,
  DEFAULT_LANG,
  KNOWN_LANGS,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  type AppLang,
} from '@rules';

const bundles: Record<AppLang, () => Promise<{ resources: ResourceLanguage }>> = {
  en: () => import('./locales/en'),
  te: () => import('./locales/te'),
};

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

/**
 * Namespaces only one lazily loaded page uses, kept out of the language chunks
 * (client/src/app/locales/*.ts leave them out): each file is a chunk of its own.
 */
const pageTexts = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../locales/*/{mapEditor,oauth,access}.json',
);
/** The page namespaces loaded so far: a language switch loads them in the new language too. */
const pageNamespaces = new Set<string>();

async function loadPageNamespace(lang: AppLang, namespace: string) {
  if (i18next.hasResourceBundle(lang, namespace)) return;
  const load = pageTexts[`../../../locales/${lang}/${namespace}.json`];
  if (!load) throw new Error(`No texts for ${lang}/${namespace}`);
  i18next.addResourceBundle(lang, namespace, (await load()).default, true, true);
}

/** Adds an app language's texts to i18next, once, with the page namespaces loaded so far. */
async function loadTexts(lang: AppLang) {
  if (!i18next.hasResourceBundle(lang, 'common')) {
    const { resources } = await bundles[lang]();
    for (const [namespace, texts] of Object.entries(resources)) {
      i18next.addResourceBundle(lang, namespace, texts, true, true);
    }
  }
  await Promise.all([...pageNamespaces].map((namespace) => loadPageNamespace(lang, namespace)));
}

const initial = readLanguageCookie() ?? DEFAULT_LANG;
const initialTexts = isAppLang(initial) ? initial : DEFAULT_LANG;

void i18next.use(initReactI18next).init({
  lng: initial,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...KNOWN_LANGS],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
applyToPage(initial);

export const i18n = i18next;

/** Resolves once the texts of the language shown at start are loaded: the app renders after it. */
export const textsLoaded = loadTexts(initialTexts);

/** The language shown now, as one of the app languages (others count as English). */
export const currentAppLang = (): AppLang =>
  isAppLang(i18next.language) ? i18next.language : DEFAULT_LANG;

/** Loads a page's own namespace in the language shown (a lazy route awaits it with its code). */
export async function loadPageTexts(namespace: 'mapEditor' | 'oauth' | 'access') {
  pageNamespaces.add(namespace);
  await loadPageNamespace(currentAppLang(), namespace);
}

/** Switches the interface language and remembers it in the cookie for 365 days. */
export async function setInterfaceLanguage(lang: string) {
  const next = isKnownLang(lang) ? lang : DEFAULT_LANG;
  await loadTexts(isAppLang(next) ? next : DEFAULT_LANG);
  writeLanguageCookie(next);
  applyToPage(next);
  await i18next.changeLanguage(next);
}
