import type { ApiScope } from '@rules';
import { useTranslation } from 'react-i18next';

/** Each scope's name in the reader's language (the badges and the checkboxes). */
export function useScopeLabels(): Record<ApiScope, string> {
  const { t } = useTranslation();
  return {
    read: t('access:tokens.scopes.read'),
    write: t('access:tokens.scopes.write'),
    chat: t('access:tokens.scopes.chat'),
    notifications: t('access:tokens.scopes.notifications'),
    admin: t('access:tokens.scopes.admin'),
  };
}

/** A day in the reader's language, e.g. 'Dec 28, 2026' for when a token expires. */
export function formatDay(date: string | Date, language: string): string {
  return new Date(date).toLocaleDateString(language, { dateStyle: 'medium' });
}
