import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { APP_LANGS, DEFAULT_LANG, type AppLang } from '@rules';

/**
 * The words of the e-mails the server sends, in each app language: `locales/<lang>/mail.json`,
 * beside the client's texts so translators keep them together, and read with i18next so plurals
 * and `{{name}}` work as they do in the client.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

const mailTexts = i18next.createInstance();
void mailTexts.init({
  resources: Object.fromEntries(
    APP_LANGS.map((lang) => [
      lang,
      { mail: JSON.parse(readFileSync(path.join(LOCALES, lang, 'mail.json'), 'utf8')) as object },
    ]),
  ),
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  ns: ['mail'],
  defaultNS: 'mail',
  // Plain-text mail: nothing to escape.
  interpolation: { escapeValue: false },
  initAsync: false,
});

const isAppLang = (lang: string): lang is AppLang =>
  (APP_LANGS as readonly string[]).includes(lang);

/** A translator for one recipient; a language the app does not speak falls back to English. */
export function mailTranslator(lang: string): TFunction<'mail'> {
  return mailTexts.getFixedT(isAppLang(lang) ? lang : DEFAULT_LANG, 'mail');
}
