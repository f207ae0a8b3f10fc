import { useMutation } from '@apollo/client/react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { PLANS, type BillingInterval, type PlanId } from '@rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StartCheckoutDocument } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { notifyBillingError, priceOf, type Billing } from './planTexts';
import { useAccountPlan } from './useAccountPlan';

/**
 * What a plan offers the reader: Subscribe (signed out it asks to sign in first), 'Your plan',
 * 'Manage subscription' for a premium account, or why this account cannot take the plan (org plans
 * are for organisation accounts, the others for people). Nothing when payments are off.
 */
export function SubscribeButton({
  plan,
  interval,
  billing,
}: {
  plan: PlanId;
  interval: BillingInterval;
  billing: Billing;
}) {
  const { t } = useTranslation();
  // Read from the cache: the plan cards do not each listen for changes.
  const { account, viewer } = useAccountPlan({ live: false });
  const requireSignIn = useRequireSignIn();
  const [start, { loading, called, error }] = useMutation(StartCheckoutDocument);
  const holder = PLANS[plan].holder;
  const current = account?.isPremiumUser ? account.subscription?.plan : 'public';
  if (viewer && current === plan) {
    return (
      <Badge variant="light" size="lg" tt="none">
        {t('billing:subscribe.yourPlan')}
      </Badge>
    );
  }
  if (!billing.paymentsEnabled || plan === 'public') return null;
  if (viewer && (holder === 'org') !== (viewer.role === 'org')) {
    return (
      <Text size="sm" c="dimmed">
        {holder === 'org' ? t('billing:subscribe.forOrgs') : t('billing:subscribe.forPeople')}
      </Text>
    );
  }
  if (account?.isPremiumUser) {
    return (
      <Button component={Link} to="/subscriptions/manage" variant="light">
        {t('billing:subscribe.manage')}
      </Button>
    );
  }
  if (!priceOf(billing, plan, interval)) {
    return (
      <Text size="sm" c="dimmed">
        {t('billing:subscribe.noPrice')}
      </Text>
    );
  }

  async function checkout() {
    try {
      const { data } = await start({ variables: { plan, interval } });
      if (data) window.location.assign(data.startCheckout.url);
    } catch (caught) {
      notifyBillingError(caught, t);
    }
  }

  return (
    <Stack gap={4} align="flex-start">
      <Button
        // Stays busy while the browser leaves for Stripe's checkout page.
        loading={loading || (called && !error)}
        onClick={() => requireSignIn(() => void checkout())}
      >
        {t('billing:subscribe.button')}
      </Button>
      {!viewer && holder === 'org' ? (
        <Text size="xs" c="dimmed">
          {t('billing:subscribe.forOrgs')}
        </Text>
      ) : null}
    </Stack>
  );
}
