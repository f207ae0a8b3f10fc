import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentAppLang, i18n } from '../../app/i18n';

/**
 * My AI Configs' texts (locales/<lang>/ai.json), in a chunk per language that this page's code
 * loads, as loadPageTexts does for other pages (app/i18n.ts) but with the loaders here: a first
 * visit then carries nothing of AI at all.
 */
const texts = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../locales/*/ai.json',
);

/** Adds the AI texts of the language shown, once. */
export async function loadAiTexts(): Promise<void> {
  const lang = currentAppLang();
  if (i18n.hasResourceBundle(lang, 'ai')) return;
  const load = texts[`../../../../locales/${lang}/ai.json`];
  if (!load) throw new Error(`No AI texts for ${lang}`);
  i18n.addResourceBundle(lang, 'ai', (await load()).default, true, true);
}

/** Whether the AI texts of the language shown are there; a language switch loads them too. */
export function useAiTexts(): boolean {
  const { i18n: current } = useTranslation();
  const [loaded, setLoaded] = useState(() => current.hasResourceBundle(currentAppLang(), 'ai'));
  useEffect(() => {
    let live = true;
    setLoaded(current.hasResourceBundle(currentAppLang(), 'ai'));
    void loadAiTexts().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [current, current.language]);
  return loaded;
}
