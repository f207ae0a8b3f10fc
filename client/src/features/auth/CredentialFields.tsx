import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';

/** The e-mail field of sign-in, sign-up and the forgotten-password form. */
export function EmailField({
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  value: string;
  onChange: (email: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth:fields.email')}
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data-autofocus={autoFocus || undefined}
    />
  );
}

/** A new password and its confirmation, as sign-up and the reset-password link ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  errors,
  autoFocus = false,
}: {
  label: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (password: string) => void;
  onConfirmPasswordChange: (password: string) => void;
  errors: { password?: string; confirmPassword?: string };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
        data-autofocus={autoFocus || undefined}
      />
      <PasswordField
        label={t('auth:fields.confirmPassword')}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => onConfirmPasswordChange(event.currentTarget.value)}
        error={errors.confirmPassword}
      />
    </>
  );
}
