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

/**
 * What the words of a notification need: its row with the newest actor's and the space's names,
 * and the title of the post it is about (notification-titles.service).
 */
export interface NotificationWords {
  kind: NotificationKind;
  itemType: NotificationItemType;
  /** A comment's notification names its post: `postType` there. */
  data: Record<string, unknown>;
  actorName: string | null;
  actorCount: number;
  spaceName: string | null;
  title: string | null;
}

/**
 * The item as the sentence names it: 'story “Our well is dry”', and for a comment 'comment on the
 * story “Our well is dry”' (the client's notificationText builds the same phrase).
 */
function itemPhrase(t: TFunction<'notifications'>, words: NotificationWords): string {
  const onComment = words.itemType === 'comments' && typeof words.data.postType === 'string';
  const noun = t(`push.items.${onComment ? (words.data.postType as string) : words.itemType}`);
  const named = words.title ? t('itemPhrase.named', { item: noun, title: words.title }) : noun;
  return onComment ? t('itemPhrase.commentOn', { item: named }) : named;
}

export function notificationText(lang: string, words: NotificationWords): string {
  const t = translator(lang);
  const values = {
    actor: words.actorName ?? t('push.someone'),
    item: itemPhrase(t, words),
    // A space the reader may no longer read is not named (space.policy's spaceNameReadable).
    space: words.spaceName ?? t('unnamedSpace'),
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
