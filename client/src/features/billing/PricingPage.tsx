import { useQuery } from '@apollo/client/react';
import { Alert, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { BILLING_INTERVALS, type BillingInterval } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { BillingDocument } from '../../gql/graphql';
import { PLAN_PAGES, planName, type PlanPage } from './planTexts';
import { PlanDetail, PlanFeatures, PlanOptions, PricingFaqs } from './PricingSections';
import { useBillingTexts } from './billingTexts';
import { RouteTabsPage } from './RouteTabsPage';

/** The spec's /pricing children (000 §2), in the order the tabs show them. */
const TABS = [
  'options',
  'publicUsers',
  'problemSolvingPros',
  'problemSolvingOrgs',
  'bumpStars',
  'features',
  'faqs',
] as const;
type PricingTab = (typeof TABS)[number];
const isTab = (value: string | undefined): value is PricingTab =>
  (TABS as readonly string[]).includes(value ?? '');
const isPlanPage = (tab: PricingTab): tab is PlanPage => tab in PLAN_PAGES;

/** Says plainly that this server takes no payments (no STRIPE_SECRET_KEY): the plans still explain. */
export function PaymentsOffNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" icon={<IconInfoCircle size={18} />} title={t('billing:paymentsOff.title')}>
      {t('billing:paymentsOff.text')}
    </Alert>
  );
}

/** /pricing/:tab — the plans, their prices from Stripe, what each includes, and the FAQs. */
export function PricingPage() {
  // The texts follow a language switch (also the one the account's language makes on load).
  useBillingTexts();
  const { t } = useTranslation();
  const { tab } = useParams();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const { data, loading, error, refetch } = useQuery(BillingDocument);
  if (!isTab(tab)) return <ErrorPage status={404} />;
  const billing = data?.billing;
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!billing,
    skeleton: <SkeletonRows count={3} height={140} label={t('billing:pricing.title')} />,
    errorTitle: t('billing:loadFailed'),
  });

  const showsPrices = billing?.paymentsEnabled && (tab === 'options' || isPlanPage(tab));

  return (
    <RouteTabsPage
      title={t('billing:pricing.title')}
      intro={t('billing:pricing.intro')}
      base="/pricing"
      tabs={TABS}
      current={tab}
      labelOf={(name) =>
        isPlanPage(name) ? planName(t, PLAN_PAGES[name]) : t(`billing:pricing.tabs.${name}`)
      }
    >
      {waiting ??
        (billing ? (
          <Stack gap="md">
            {billing.paymentsEnabled ? null : <PaymentsOffNotice />}
            {showsPrices ? (
              <Group>
                <SegmentedControl
                  aria-label={t('billing:price.interval')}
                  value={interval}
                  onChange={(value) => setBillingInterval(value as BillingInterval)}
                  data={BILLING_INTERVALS.map((value) => ({
                    value,
                    label: t(`billing:price.intervals.${value}`),
                  }))}
                />
              </Group>
            ) : null}
            {tab === 'options' ? (
              <PlanOptions billing={billing} interval={interval} />
            ) : tab === 'features' ? (
              <PlanFeatures />
            ) : tab === 'faqs' ? (
              <PricingFaqs />
            ) : (
              <PlanDetail plan={PLAN_PAGES[tab]} billing={billing} interval={interval} />
            )}
          </Stack>
        ) : null)}
    </RouteTabsPage>
  );
}
