import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import {
  APP_LANGS,
  DEFAULT_LANG,
  type AppLang,
  type NotificationItemType,
  type NotificationKind,
} from '@rules';

/**
 * A notification in words, for what the server sends outside the app (Web Push, the e-mail
 * digest): 'Ada and 3 others reacted to your story' in the recipient's language. The texts are
 * the `push` keys of `locales/<lang>/notifications.json`, beside the client's.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../../locales');

const texts = i18next.createInstance();
void texts.init({
  resources: Object.fromEntries(
    APP_LANGS.map((lang) => [
      lang,
      {
        notifications: JSON.parse(
          readFileSync(path.join(LOCALES, lang, 'notifications.json'), 'utf8'),
        ) as object,
      },
    ]),
  ),
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  ns: ['notifications'],
  defaultNS: 'notifications',
  // Push payloads and plain-text mail: nothing to escape.
  interpolation: { escapeValue: false },
  initAsync: false,
});

const isAppLang = (lang: string): lang is AppLang =>
  (APP_LANGS as readonly string[]).includes(lang);

const translator = (lang: string): TFunction<'notifications'> =>
  texts.getFixedT(isAppLang(lang) ? lang : DEFAULT_LANG, 'notifications');

/** What the words of a notification need: its row with the newest actor's and the space's names. */
export interface NotificationWords {
  kind: NotificationKind;
  itemType: NotificationItemType;
  actorName: string | null;
  actorCount: number;
  spaceName: string | null;
}

export function notificationText(lang: string, words: NotificationWords): string {
  const t = translator(lang);
  const values = {
    actor: words.actorName ?? t('push.someone'),
    item: t(`push.items.${words.itemType}`),
    space: words.spaceName ?? '',
  };
  const others = words.actorCount - 1;
  return others > 0
    ? t(`push.many.${words.kind}`, { ...values, count: others })
    : t(`push.one.${words.kind}`, values);
}

/**
 * The names a notification's words use, from its row joined to its newest actor and its space:
 * an anonymous post's author is never named.
 */
export const actorAndSpace = (row: {
  notification: { data: Record<string, unknown> };
  actorName: string | null;
  spaceName: string | null;
}) => ({
  actorName: row.notification.data.anonymous === true ? null : row.actorName,
  spaceName: row.spaceName,
});
