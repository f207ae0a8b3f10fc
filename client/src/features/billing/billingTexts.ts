import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentAppLang, i18n } from '../../app/i18n';

/**
 * The pricing, benefits and subscription pages' texts (locales/<lang>/billing.json), in a chunk
 * per language that this feature's code loads, as the AI pages do theirs (features/ai/aiTexts.ts):
 * a first visit carries nothing of billing, not even the loaders.
 */
const texts = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../locales/*/billing.json',
);

/** Adds the billing texts of the language shown, once. */
export async function loadBillingTexts(): Promise<void> {
  const lang = currentAppLang();
  if (i18n.hasResourceBundle(lang, 'billing')) return;
  const load = texts[`../../../../locales/${lang}/billing.json`];
  if (!load) throw new Error(`No billing texts for ${lang}`);
  i18n.addResourceBundle(lang, 'billing', (await load()).default, true, true);
}

/** Whether the billing texts of the language shown are there; a language switch loads them too. */
export function useBillingTexts(): boolean {
  const { i18n: current } = useTranslation();
  const [loaded, setLoaded] = useState(() =>
    current.hasResourceBundle(currentAppLang(), 'billing'),
  );
  useEffect(() => {
    let live = true;
    setLoaded(current.hasResourceBundle(currentAppLang(), 'billing'));
    void loadBillingTexts().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [current, current.language]);
  return loaded;
}
