import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLogin, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadFailed } from '../../components/LoadState';
import { notifyError, serverErrorOf } from '../../components/notify';
import {
  DecideOAuthConsentDocument,
  OAuthConsentDocument,
  type OAuthConsentQuery,
} from '../../gql/graphql';
import { useLoginBox, useViewer } from '../auth';
import { scopeTexts } from './scopes';

type Consent = OAuthConsentQuery['oauthConsent'];

/** Codes that mean the request itself is wrong (unknown app, foreign redirect URI): no retry. */
const REFUSED = new Set(['BAD_USER_INPUT', 'NOT_FOUND']);

/** Leaves the app for the OAuth app's redirect URI (another site: a full navigation). */
const leaveFor = (url: string) => window.location.assign(url);

function Returning() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader />
        <Text role="status">{t('oauth:consent.returning')}</Text>
      </Stack>
    </Center>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  const { open } = useLoginBox();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('oauth:consent.signInTitle')}
        </Title>
        <Text size="sm">{t('oauth:consent.signInText')}</Text>
        <Button
          leftSection={<IconLogin size={16} />}
          // Stay on this page after signing in: the request is still in its address.
          onClick={() => open('signin', () => {})}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('oauth:consent.signIn')}
        </Button>
      </Stack>
    </Card>
  );
}

function ConsentCard({
  consent,
  deciding,
  onDecide,
}: {
  consent: Consent;
  deciding: boolean;
  onDecide: (allow: boolean) => void;
}) {
  const { t } = useTranslation();
  const texts = scopeTexts(t);
  const app = consent.appName;
  const host = new URL(consent.redirectUri).host;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size="xl" radius="md" variant="light" aria-hidden>
            <IconPlugConnected size={24} />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t('oauth:consent.title', { app })}
          </Title>
        </Group>
        <Stack gap={4}>
          <Text>{t('oauth:consent.intro', { app })}</Text>
          <Text size="sm" c="dimmed">
            {consent.registeredBy
              ? t('oauth:consent.registeredBy', { name: consent.registeredBy })
              : t('oauth:consent.selfRegistered')}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Text fw={500}>{t('oauth:consent.willBeAble')}</Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {consent.scopes.map((scope) => (
              <List.Item key={scope}>
                <Text size="sm" fw={500} span>
                  {texts[scope].label}
                </Text>
                <Text size="sm" c="dimmed">
                  {texts[scope].description}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        {consent.withheldScopes.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
            {t('oauth:consent.withheld', {
              scopes: consent.withheldScopes.map((scope) => texts[scope].label).join(', '),
            })}
          </Alert>
        )}
        <Text size="sm">{t('oauth:consent.returnTo', { host })}</Text>
        <Group justify="flex-end">
          <Button variant="default" disabled={deciding} onClick={() => onDecide(false)}>
            {t('oauth:consent.deny')}
          </Button>
          <Button loading={deciding} onClick={() => onDecide(true)}>
            {t('oauth:consent.allow')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('oauth:consent.revokeLater')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /oauth/authorize: the authorization endpoint an app sends a person to. Signed out, they sign in
 * first and stay here; signed in, they see the app, who registered it, what each scope it would
 * get allows, and where they go back to, then Allow or Deny. The decision goes to the server,
 * which issues the code through the OAuth library and names the redirect back to the app. A
 * request the app got wrong in a way it must hear (no PKCE, a bad scope) goes straight back.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { viewer, loading: viewerLoading } = useViewer();
  const { data, loading, error, refetch } = useQuery(OAuthConsentDocument, {
    variables: { request: search },
    skip: !viewer,
    fetchPolicy: 'network-only',
  });
  const [decide, decision] = useMutation(DecideOAuthConsentDocument);
  const [leaving, setLeaving] = useState(false);
  const consent = data?.oauthConsent;
  const errorRedirect = consent?.errorRedirect;

  useEffect(() => {
    if (!errorRedirect) return;
    setLeaving(true);
    leaveFor(errorRedirect);
  }, [errorRedirect]);

  async function answer(allow: boolean) {
    try {
      const result = await decide({ variables: { request: search, allow } });
      const redirectTo = result.data?.decideOAuthConsent.redirectTo;
      if (!redirectTo) return;
      setLeaving(true);
      leaveFor(redirectTo);
    } catch (failure) {
      notifyError(failure);
    }
  }

  let content;
  if (leaving) content = <Returning />;
  else if (viewerLoading || (viewer && loading)) content = <Skeleton height={320} radius="md" />;
  else if (!viewer) content = <SignInFirst />;
  else if (error) {
    const problem = serverErrorOf(error, t);
    content =
      problem.code && REFUSED.has(problem.code) ? (
        <Stack>
          <Title order={1} size="h3">
            {t('oauth:consent.invalidTitle')}
          </Title>
          <Alert color="red" icon={<IconAlertTriangle size={16} />}>
            {problem.message}
          </Alert>
        </Stack>
      ) : (
        <Stack>
          <Title order={1} size="h3">
            {t('oauth:consent.loadFailed')}
          </Title>
          <LoadFailed
            error={error}
            retry={() => void refetch()}
            title={t('oauth:consent.loadFailed')}
          />
        </Stack>
      );
  } else if (consent && !errorRedirect)
    content = (
      <ConsentCard
        consent={consent}
        deciding={decision.loading}
        onDecide={(allow) => void answer(allow)}
      />
    );
  else content = <Returning />;

  return (
    <Container size="xs" py="xl">
      {content}
    </Container>
  );
}
