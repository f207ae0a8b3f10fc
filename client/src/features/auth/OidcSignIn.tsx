import { useQuery } from '@apollo/client/react';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconLogin2 } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OIDC_NOTICES, OIDC_START_PATH, type OidcNotice } from '@rules';
import { SignInProviderDocument } from '../../gql/graphql';

/**
 * Sign-in with the server's OpenID provider (Google unless the server names another): the
 * 'Continue with Google' button on the login and sign-up forms, shown only when the server has
 * one, and the login page's notice when a sign-in with it came back without signing in.
 */

/** The provider's name ('Google'), or null while unknown or when the server has none. */
export function useSignInProvider(): string | null {
  const { data } = useQuery(SignInProviderDocument, { fetchPolicy: 'cache-first' });
  return data?.clientConfig.oidcProvider ?? null;
}

/** 'or' and the provider's button, under a form; nothing when there is no provider. */
export function OidcButton() {
  const { t } = useTranslation();
  const provider = useSignInProvider();
  if (!provider) return null;
  const Icon = provider === 'Google' ? IconBrandGoogle : IconLogin2;
  return (
    <>
      <Divider label={t('auth:oidc.or')} labelPosition="center" />
      {/* A link, not a call: the browser goes to the provider and comes back signed in. */}
      <Button
        component="a"
        href={OIDC_START_PATH}
        variant="default"
        fullWidth
        leftSection={<Icon size={18} aria-hidden />}
      >
        {t('auth:oidc.continueWith', { provider })}
      </Button>
    </>
  );
}

/** The login page's `?oidc=` value when it is one the server sends. */
export const oidcNoticeOf = (value: string | null): OidcNotice | null =>
  OIDC_NOTICES.find((notice) => notice === value) ?? null;

/** Each notice's text (spelled out, so the locale test sees every key). */
const NOTICE_TEXT: Record<OidcNotice, (t: TFunction, provider: string) => string> = {
  link: (t, provider) => t('auth:oidc.notices.link', { provider }),
  unverified: (t, provider) => t('auth:oidc.notices.unverified', { provider }),
  denied: (t, provider) => t('auth:oidc.notices.denied', { provider }),
  expired: (t, provider) => t('auth:oidc.notices.expired', { provider }),
  limited: (t) => t('auth:oidc.notices.limited'),
  failed: (t, provider) => t('auth:oidc.notices.failed', { provider }),
};

/** Why the sign-in with the provider did not sign the person in, above the login form. */
export function OidcNoticeAlert({ notice }: { notice: OidcNotice }) {
  const { t } = useTranslation();
  const provider = useSignInProvider();
  if (!provider) return null;
  const link = notice === 'link';
  return (
    <Alert
      color={link ? 'blue' : 'yellow'}
      icon={<IconAlertCircle size={18} />}
      role={link ? 'status' : 'alert'}
      data-testid="oidc-notice"
    >
      <Stack gap={4}>
        <Text size="sm">{NOTICE_TEXT[notice](t, provider)}</Text>
        {link && <Text size="sm">{t('auth:oidc.notices.linkNoPassword')}</Text>}
      </Stack>
    </Alert>
  );
}
