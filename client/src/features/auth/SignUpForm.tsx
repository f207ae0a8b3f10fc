import { useMutation } from '@apollo/client/react';
import { Alert, Button, Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, signUpSchema, type Role } from '@rules';
import { notifyError, serverErrorOf } from '../../components/notify';
import { currentAppLang } from '../../app/i18n';
import { SignUpDocument } from '../../gql/graphql';
import { fieldErrorsOf, type FieldErrors } from './fieldErrors';
import { EmailField, NewPasswordFields } from './CredentialFields';
import { OidcButton } from './OidcSignIn';

type Field = 'email' | 'password' | 'confirmPassword' | 'displayName' | 'role';

interface Props {
  /** The server's message ('Please check your email.') and the address it was sent to. */
  onSignedUp: (email: string, message: string) => void;
}

export function SignUpForm({ onSignedUp }: Props) {
  const { t } = useTranslation();
  const roleLabelId = useId();
  const [role, setRole] = useState<Role>('person');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signUp, { loading }] = useMutation(SignUpDocument);

  function validate() {
    // The account's e-mails are written in the language the person signs up in.
    const appLang = currentAppLang();
    const parsed = signUpSchema.safeParse({ email, password, displayName, role, appLang });
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf<Field>(t, parsed.error);
    if (confirmPassword !== password) next.confirmPassword = t('auth:errors.passwordsNotMatching');
    setErrors(next);
    return parsed.success && Object.keys(next).length === 0 ? parsed.data : null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    setFailure(null);
    try {
      const { data } = await signUp({ variables: { input } });
      onSignedUp(input.email, data?.signUp.message ?? '');
    } catch (error) {
      const info = serverErrorOf(error, t);
      const field = info.field as Field | undefined;
      if (field && ['email', 'password', 'displayName', 'role'].includes(field)) {
        setErrors((current) => ({ ...current, [field]: info.message }));
      } else {
        setFailure(info.message);
      }
      if (info.network || info.code === 'RATE_LIMITED') notifyError(error);
    }
  }

  const isOrg = role === 'org';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Input.Wrapper label={t('auth:signUp.accountType')} id={roleLabelId} error={errors.role}>
          <SegmentedControl
            fullWidth
            aria-labelledby={`${roleLabelId}-label`}
            value={role}
            onChange={(value) => setRole(value === 'org' ? 'org' : 'person')}
            data={[
              { value: 'person', label: t('auth:signUp.person') },
              { value: 'org', label: t('auth:signUp.org') },
            ]}
          />
        </Input.Wrapper>
        <TextInput
          label={isOrg ? t('auth:fields.orgName') : t('auth:fields.displayName')}
          autoComplete={isOrg ? 'organization' : 'nickname'}
          description={t('auth:signUp.nameHint', { max: DISPLAY_NAME_MAX })}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          error={errors.displayName}
          data-autofocus
        />
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <NewPasswordFields
          label={t('auth:fields.password')}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
          errors={errors}
        />
        <Button type="submit" fullWidth loading={loading}>
          {t('auth:signUp.submit')}
        </Button>
        <OidcButton />
      </Stack>
    </form>
  );
}
