import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with a visibility toggle whose name does not contain "password", so
 * the field alone answers to its label (getByLabel('Password') in the end-to-end tests).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.toggleVisibility') }}
      {...props}
    />
  );
}
