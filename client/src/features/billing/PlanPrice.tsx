import { Group, Text } from '@mantine/core';
import type { BillingInterval, PlanId } from '@rules';
import { useTranslation } from 'react-i18next';
import { formatMoney, priceOf, type Billing } from './planTexts';

/** A plan's price for the interval chosen, from Stripe: "$8.00 / month"; "Free" for public. */
export function PlanPrice({
  plan,
  interval,
  billing,
}: {
  plan: PlanId;
  interval: BillingInterval;
  billing: Billing;
}) {
  const { t, i18n } = useTranslation();
  if (plan === 'public') {
    return (
      <Text fz={28} fw={700}>
        {t('billing:price.free')}
      </Text>
    );
  }
  const price = priceOf(billing, plan, interval);
  // Payments off (or no Stripe price): the pages explain the plan without a figure.
  if (!price) return null;
  return (
    <Group gap={6} align="baseline">
      <Text fz={28} fw={700}>
        {formatMoney(price.unitAmount, price.currency, i18n.language)}
      </Text>
      <Text c="dimmed" size="sm">
        {interval === 'month' ? t('billing:price.perMonth') : t('billing:price.perYear')}
      </Text>
    </Group>
  );
}
