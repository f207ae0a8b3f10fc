import { useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@rules';
import {
  notifyError,
  notifySuccess,
  serverErrorOf,
  translateServerMessage,
} from '../../components/notify';
import { RequestPasswordResetDocument } from '../../gql/graphql';
import { EmailField } from './CredentialFields';

interface Props {
  onBack: () => void;
}

/** E-mail → reset link. Only one mail request may be in flight. */
export function ForgotPasswordForm({ onBack }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const inFlight = useRef(false);
  const [requestReset, { loading }] = useMutation(RequestPasswordResetDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(translateServerMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    try {
      const { data } = await requestReset({ variables: { email: parsed.data } });
      const message = data
        ? translateServerMessage(t, data.requestPasswordReset.message)
        : t('common:errors.resetSent');
      setSent(message);
      notifySuccess(message);
    } catch (failure) {
      const info = serverErrorOf(failure, t);
      if (info.field === 'email') setError(info.message);
      else notifyError(failure);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('auth:forgot.title')}
      </Title>
      {sent ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {sent}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('auth:forgot.intro')}
        </Text>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <EmailField value={email} onChange={setEmail} error={error} autoFocus />
          <Button type="submit" fullWidth loading={loading}>
            {sent ? t('auth:forgot.sendAgain') : t('auth:forgot.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={onBack}
        style={{ alignSelf: 'center' }}
      >
        {t('auth:backToSignIn')}
      </Anchor>
    </Stack>
  );
}
