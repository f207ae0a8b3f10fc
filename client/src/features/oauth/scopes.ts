import type { TFunction } from 'i18next';
import type { ApiScope } from '@rules';

/** What each scope lets an app do, in the reader's language (consent screen and settings). */
export function scopeTexts(t: TFunction): Record<ApiScope, { label: string; description: string }> {
  return {
    read: { label: t('oauth:scopes.read.label'), description: t('oauth:scopes.read.description') },
    write: {
      label: t('oauth:scopes.write.label'),
      description: t('oauth:scopes.write.description'),
    },
    chat: { label: t('oauth:scopes.chat.label'), description: t('oauth:scopes.chat.description') },
    notifications: {
      label: t('oauth:scopes.notifications.label'),
      description: t('oauth:scopes.notifications.description'),
    },
    admin: {
      label: t('oauth:scopes.admin.label'),
      description: t('oauth:scopes.admin.description'),
    },
  };
}
