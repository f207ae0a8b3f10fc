import {
  IconBolt,
  IconBrandGoogle,
  IconBrandOpenai,
  IconCloud,
  IconServer,
  type Icon,
} from '@tabler/icons-react';
import type { AiProvider } from '@rules';
import { AI_PROVIDERS_SHOWN_ONLY } from '@rules';
import { useTranslation } from 'react-i18next';

type ShownOnly = (typeof AI_PROVIDERS_SHOWN_ONLY)[number];

/** Each provider's icon, those the wizard shows but cannot use yet too (000 §3). */
export const PROVIDER_ICONS: Record<AiProvider | ShownOnly, Icon> = {
  groq: IconBolt,
  geminiai: IconBrandGoogle,
  openaicompatible: IconServer,
  chatgpt: IconBrandOpenai,
  cloudai: IconCloud,
};

/** Each provider's name in the reader's language. */
export function useProviderNames(): Record<AiProvider | ShownOnly, string> {
  const { t } = useTranslation();
  return {
    groq: t('ai:providers.groq'),
    geminiai: t('ai:providers.geminiai'),
    openaicompatible: t('ai:providers.openaicompatible'),
    chatgpt: t('ai:providers.chatgpt'),
    cloudai: t('ai:providers.cloudai'),
  };
}
