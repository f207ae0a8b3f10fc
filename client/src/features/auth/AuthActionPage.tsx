import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MESSAGES, passwordSchema } from '@rules';
import { apolloClient } from '../../app/apollo';
import { serverErrorOf, translateServerMessage } from '../../components/notify';
import {
  ResetPasswordDocument,
  ResetTokenValidDocument,
  VerifyEmailDocument,
} from '../../gql/graphql';
import { AuthCard } from './AuthPage';
import { HOME_FEED } from './useSession';
import { useViewer } from './useViewer';
import { NewPasswordFields } from './CredentialFields';

type Outcome = { ok: true } | { ok: false; error: unknown };

/**
 * A verification token works once. React may run an effect twice in development, so both runs
 * share one request per token.
 */
const verifications = new Map<string, Promise<Outcome>>();
function verifyOnce(token: string) {
  let pending = verifications.get(token);
  if (!pending) {
    pending = apolloClient
      .mutate({ mutation: VerifyEmailDocument, variables: { token } })
      .then((): Outcome => ({ ok: true }))
      .catch((error: unknown): Outcome => ({ ok: false, error }));
    verifications.set(token, pending);
  }
  return pending;
}

function Success({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" role="status">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={36} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      <Button component={Link} to="/auth/login">
        {t('auth:tabs.signIn')}
      </Button>
    </Stack>
  );
}

/** A link that did not work; a reset link's page offers to send a new one. */
function Failure({ message, newLink = false }: { message: string; newLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={t('auth:action.failedTitle')}
      >
        {message}
      </Alert>
      {newLink && (
        <Button component={Link} to="/auth/forgotPassword">
          {t('auth:action.newLink')}
        </Button>
      )}
      <Button component={Link} to="/auth/login" variant="light">
        {t('auth:backToSignIn')}
      </Button>
    </Stack>
  );
}

function Pending({ text }: { text: string }) {
  return (
    <Center py="lg">
      <Stack align="center">
        <Loader />
        <Text>{text}</Text>
      </Stack>
    </Center>
  );
}

function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    let live = true;
    void verifyOnce(token).then((result) => live && setOutcome(result));
    return () => {
      live = false;
    };
  }, [token]);

  if (!outcome) return <Pending text={t('auth:action.verifying')} />;
  if (!outcome.ok) return <Failure message={serverErrorOf(outcome.error, t).message} />;
  return <Success title={t('auth:action.verifiedTitle')} text={t('auth:action.verifiedText')} />;
}

/**
 * A used or expired link says so when it opens, instead of after the form is filled. Should the
 * check itself fail (offline), the form shows and its submit reports what went wrong.
 */
function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(ResetTokenValidDocument, {
    variables: { token },
    fetchPolicy: 'network-only',
  });
  const [expired, setExpired] = useState(false);
  if (!data && !error) return <Pending text={t('auth:action.checking')} />;
  if (expired || data?.resetTokenValid === false)
    return <Failure message={translateServerMessage(t, MESSAGES.tokenInvalid)} newLink />;
  return <ResetPasswordForm token={token} onExpired={() => setExpired(true)} />;
}

function ResetPasswordForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [resetPassword, { loading }] = useMutation(ResetPasswordDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    const next: typeof errors = {};
    if (!parsed.success)
      next.password = translateServerMessage(t, parsed.error.issues[0]?.message ?? '');
    if (confirmPassword !== password) next.confirmPassword = t('auth:errors.passwordsNotMatching');
    setErrors(next);
    if (!parsed.success || next.confirmPassword) return;
    setFailure(null);
    try {
      await resetPassword({ variables: { token, password: parsed.data } });
      setDone(true);
    } catch (error) {
      const info = serverErrorOf(error, t);
      // The link ran out while the form was open.
      if (info.rawMessage === MESSAGES.tokenInvalid) onExpired();
      else setFailure(info.message);
    }
  }

  if (done)
    return (
      <Success
        title={t('auth:action.passwordChangedTitle')}
        text={t('auth:action.passwordChangedText')}
      />
    );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('auth:action.resetTitle')}
        </Title>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <NewPasswordFields
          label={t('auth:fields.newPassword')}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
          errors={errors}
          autoFocus
        />
        <Button type="submit" fullWidth loading={loading}>
          {t('auth:action.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Without a link's mode and token there is nothing to act on: the person goes on to where they
 * were going, the feed when signed in, else sign-in (spec: sign-in guard).
 */
function GoOn() {
  const { viewer, loading } = useViewer();
  if (loading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return <Navigate to={viewer ? HOME_FEED : '/auth/login'} replace />;
}

/** /auth/auth-action?mode=verifyEmail|resetPassword&token=… : the links of the auth e-mails. */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token') ?? '';
  if (token && mode === 'verifyEmail')
    return (
      <AuthCard>
        <VerifyEmail token={token} />
      </AuthCard>
    );
  if (token && mode === 'resetPassword')
    return (
      <AuthCard>
        <ResetPassword token={token} />
      </AuthCard>
    );
  return <GoOn />;
}
