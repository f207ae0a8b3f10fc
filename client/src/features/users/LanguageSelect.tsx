import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentAppLang } from '../../app/i18n';
import { useChangeLanguage } from './useChangeLanguage';

/** English / తెలుగు. Each language is written in itself, so anyone can find their own. */
export function LanguageSelect({
  withLabel = true,
  size = 'sm',
}: {
  withLabel?: boolean;
  size?: 'xs' | 'sm';
}) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const changeLanguage = useChangeLanguage();
  // Read through i18n so the control follows a change made elsewhere.
  const value = i18n.language ? currentAppLang() : 'en';
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500} hidden={!withLabel}>
        {t('common:language.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        size={size}
        value={value}
        onChange={(lang) => void changeLanguage(lang)}
        data={[
          { value: 'en', label: t('common:language.en') },
          { value: 'te', label: t('common:language.te') },
        ]}
      />
    </Stack>
  );
}
