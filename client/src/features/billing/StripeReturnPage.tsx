import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { RequireSignIn } from '../auth';
import { planName } from './planTexts';
import { useAccountPlan } from './useAccountPlan';
import { useBillingTexts } from './billingTexts';

/** After this long without Stripe's word, the page says it is taking longer. */
const SLOW_AFTER_MS = 30_000;
/** Besides the live event, the account is read again this often while waiting (a dropped socket). */
const POLL_MS = 5_000;

/**
 * Checkout succeeded, says the browser: the account turns premium only when Stripe's webhook says
 * so, so the page waits for `accountChanged` (and reads the account again now and then) and never
 * takes the URL's word for it.
 */
function CheckoutConfirming() {
  const { t } = useTranslation();
  const { account, startPolling, stopPolling } = useAccountPlan();
  const premium = account?.isPremiumUser === true;
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (premium) return;
    startPolling(POLL_MS);
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => {
      stopPolling();
      clearTimeout(timer);
    };
  }, [premium, startPolling, stopPolling]);

  if (premium) {
    const plan = account.subscription?.plan;
    return (
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" color="teal" variant="light" style={{ flexShrink: 0 }}>
            <IconCircleCheck size={26} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {plan
              ? t('billing:stripe.confirmed', { plan: planName(t, plan) })
              : t('billing:stripe.confirmedPremium')}
          </Title>
        </Group>
        <Text>{t('billing:stripe.confirmedText')}</Text>
        <Button component={Link} to="/settings/subscriptions">
          {t('billing:stripe.viewSubscription')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        {t('billing:stripe.confirming')}
      </Title>
      <Group gap="sm" wrap="nowrap" role="status">
        <Loader size="sm" />
        <Text>{t('billing:stripe.confirmingText')}</Text>
      </Group>
      {slow ? (
        <Alert color="yellow" icon={<IconClockHour4 size={18} />}>
          <Stack gap="xs" align="flex-start">
            {t('billing:stripe.slow')}
            <Anchor component={Link} to="/settings/subscriptions">
              {t('billing:stripe.viewSubscription')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** /stripe?result=success|cancel: where Stripe Checkout returns. */
export function StripeReturnPage() {
  // The texts follow a language switch (also the one the account's language makes on load).
  useBillingTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const result = params.get('result');
  if (result !== 'success' && result !== 'cancel') return <ErrorPage status={404} />;
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        {result === 'success' ? (
          <RequireSignIn>
            <CheckoutConfirming />
          </RequireSignIn>
        ) : (
          <Stack gap="md" align="flex-start">
            <Title order={1} size="h2">
              {t('billing:stripe.cancelTitle')}
            </Title>
            <Text>{t('billing:stripe.cancelText')}</Text>
            <Button component={Link} to="/pricing/options" variant="light">
              {t('billing:stripe.backToPricing')}
            </Button>
          </Stack>
        )}
      </Card>
    </Container>
  );
}
