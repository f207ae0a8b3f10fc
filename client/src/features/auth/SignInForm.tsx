import { useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';
import { MESSAGES, signInSchema, type OidcNotice } from '@rules';
import {
  notifyError,
  notifySuccess,
  serverErrorOf,
  translateServerMessage,
} from '../../components/notify';
import { ResendVerificationDocument, SignInDocument } from '../../gql/graphql';
import { fieldErrorsOf, type FieldErrors } from './fieldErrors';
import { EmailField } from './CredentialFields';
import { OidcButton, OidcNoticeAlert } from './OidcSignIn';

interface Failure {
  email: string;
  password: string;
  message: string;
  needsVerification: boolean;
}

interface Props {
  onSignedIn: () => Promise<void> | void;
  onForgotPassword: () => void;
  onCreateAccount: () => void;
  /** Why a sign-in with the OpenID provider came back here (the login page's `?oidc=`). */
  oidcNotice?: OidcNotice | null;
}

export function SignInForm({ onSignedIn, onForgotPassword, onCreateAccount, oidcNotice }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resent, setResent] = useState(false);
  const mailInFlight = useRef(false);
  const [signIn, { loading }] = useMutation(SignInDocument);
  const [resendVerification, { loading: resending }] = useMutation(ResendVerificationDocument);

  // The spec: Continue stays disabled after a failure until the e-mail or password changes.
  const unchanged = failure !== null && failure.email === email && failure.password === password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(t, parsed.error));
      return;
    }
    setErrors({});
    try {
      const { data } = await signIn({ variables: parsed.data });
      setFailure(null);
      // The browser held a pending link from the provider: this sign-in made it.
      const linked = data?.signIn.linkedProvider;
      if (linked) notifySuccess(t('auth:oidc.linked', { provider: linked }));
      await onSignedIn();
    } catch (error) {
      const info = serverErrorOf(error, t);
      setFailure({
        email,
        password,
        message: info.message,
        needsVerification: info.rawMessage === MESSAGES.verifyEmail,
      });
      setResent(false);
      if (info.network || info.code === 'RATE_LIMITED') notifyError(error);
    }
  }

  async function resend() {
    if (!failure || mailInFlight.current) return;
    mailInFlight.current = true;
    try {
      const { data } = await resendVerification({
        variables: { email: failure.email.trim().toLowerCase() },
      });
      notifySuccess(
        data
          ? translateServerMessage(t, data.resendVerification.message)
          : t('common:errors.checkEmail'),
      );
      setResent(true);
    } catch (error) {
      notifyError(error);
    } finally {
      mailInFlight.current = false;
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {oidcNotice && !failure && <OidcNoticeAlert notice={oidcNotice} />}
        {failure && (
          <Alert
            color={failure.needsVerification ? 'yellow' : 'red'}
            icon={<IconAlertCircle size={18} />}
            role="alert"
            data-testid="signin-error"
          >
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {failure.needsVerification && !resent && (
                <Button
                  size="xs"
                  variant="white"
                  color="dark"
                  leftSection={<IconMailForward size={16} />}
                  loading={resending}
                  onClick={() => void resend()}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('auth:signIn.resendVerification')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <EmailField value={email} onChange={setEmail} error={errors.email} autoFocus />
        <PasswordField
          label={t('auth:fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('auth:signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={loading} disabled={unchanged}>
          {t('auth:signIn.continue')}
        </Button>
        <OidcButton />
        <Text size="sm" ta="center" c="dimmed">
          {t('auth:signIn.noAccount')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onCreateAccount}>
            {t('auth:signIn.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
