import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import {
  BillingDocument,
  OpenBillingPortalDocument,
  type SubscriptionStatus,
} from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import { formatMoney, notifyBillingError, planName } from './planTexts';
import { useAccountPlan } from './useAccountPlan';
import { useBillingTexts } from './billingTexts';

const STATUS_COLORS: Partial<Record<SubscriptionStatus, string>> = {
  active: 'teal',
  trialing: 'teal',
  past_due: 'orange',
  unpaid: 'red',
  canceled: 'gray',
  incomplete_expired: 'gray',
};

/** Stripe's invoice statuses with a translation; another one shows as Stripe wrote it. */
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];

/** A row of the subscription card: its label above, the value below. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * Opens Stripe's customer portal (change plan, card, cancel), returning to this page; offered only
 * where this server takes payments (a server without them says so instead).
 */
function ManageBillingButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, { loading, called, error }] = useMutation(OpenBillingPortalDocument);
  const billing = useQuery(BillingDocument).data?.billing;
  if (!billing) return null;
  if (!billing.paymentsEnabled)
    return (
      <Text size="sm" c="dimmed">
        {t('billing:errors.paymentsOff')}
      </Text>
    );
  async function go() {
    try {
      const { data } = await open({ variables: { returnUrl: pathname } });
      if (data) window.location.assign(data.openBillingPortal.url);
    } catch (caught) {
      notifyBillingError(caught, t);
    }
  }
  return (
    <Button
      leftSection={<IconCreditCard size={16} />}
      loading={loading || (called && !error)}
      onClick={() => void go()}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('billing:subscription.manageBilling')}
    </Button>
  );
}

/**
 * The viewer's subscription: plan, status, renewal or end date and the last invoice, with the way
 * to Stripe's portal; a basic account that never subscribed is told it is on the free plan.
 */
export function SubscriptionPanel() {
  // The texts follow a language switch (also the one the account's language makes on load).
  useBillingTexts();
  const { t, i18n } = useTranslation();
  const { account, loading, error, refetch } = useAccountPlan();
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!account,
    skeleton: <SkeletonRows count={1} height={160} label={t('billing:subscription.title')} />,
    errorTitle: t('billing:subscription.loadFailed'),
  });
  if (waiting || !account) return waiting;
  const subscription = account.subscription;
  // Renewals and invoices are told by the day.
  const date = (value: string) =>
    new Date(value).toLocaleDateString(i18n.language, { dateStyle: 'long' });

  if (!subscription) {
    return (
      <Card withBorder radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('billing:subscription.freePlan')}
          </Title>
          <Text size="sm">{t('billing:subscription.freeText')}</Text>
          <Button component={Link} to="/pricing/options" variant="light">
            {t('billing:subscription.seePricing')}
          </Button>
        </Stack>
      </Card>
    );
  }
  const invoice = subscription.lastInvoice;
  const ended = !account.isPremiumUser;
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Row label={t('billing:subscription.plan')}>
            <Title order={2} size="h4">
              {planName(t, subscription.plan)}
            </Title>
          </Row>
          <Badge color={STATUS_COLORS[subscription.status] ?? 'blue'} variant="light" tt="none">
            {t(`billing:subscription.statuses.${subscription.status}`)}
          </Badge>
        </Group>
        <Row label={t('billing:subscription.interval')}>
          <Text>{t(`billing:price.intervals.${subscription.interval}`)}</Text>
        </Row>
        {subscription.currentPeriodEnd ? (
          <Row label={t('billing:subscription.period')}>
            <Text>
              {ended
                ? t('billing:subscription.endedOn', { date: date(subscription.currentPeriodEnd) })
                : subscription.cancelAtPeriodEnd
                  ? t('billing:subscription.endsOn', { date: date(subscription.currentPeriodEnd) })
                  : t('billing:subscription.renewsOn', {
                      date: date(subscription.currentPeriodEnd),
                    })}
            </Text>
          </Row>
        ) : null}
        <Row label={t('billing:subscription.lastInvoice')}>
          {invoice ? (
            <Group gap="sm">
              <Text fw={500}>
                {formatMoney(invoice.amountPaid, invoice.currency, i18n.language)}
              </Text>
              <Text size="sm">
                {INVOICE_STATUSES.includes(invoice.status)
                  ? t(`billing:subscription.invoiceStatuses.${invoice.status}`)
                  : invoice.status}
              </Text>
              <Text size="sm" c="dimmed">
                {date(invoice.createdAt)}
              </Text>
              {invoice.hostedInvoiceUrl ? (
                <Anchor
                  href={invoice.hostedInvoiceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                >
                  <Group gap={4} component="span">
                    {t('billing:subscription.viewInvoice')}
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ) : null}
            </Group>
          ) : (
            <Text size="sm">{t('billing:subscription.noInvoice')}</Text>
          )}
        </Row>
        <ManageBillingButton />
        {ended ? (
          <Anchor component={Link} to="/pricing/options" size="sm">
            {t('billing:subscription.seePricing')}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /subscriptions/manage (the spec's route): the same panel as the settings tab, on a page of its own. */
export function ManageSubscriptionPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <Container size="sm" py="md">
        <Title order={1} size="h2" mb="md">
          {t('billing:subscription.title')}
        </Title>
        <SubscriptionPanel />
      </Container>
    </RequireSignIn>
  );
}
