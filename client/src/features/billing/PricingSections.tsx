import {
  Accordion,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import {
  PLAN_IDS,
  PREMIUM_AI_CAP_FACTOR,
  PREMIUM_UPLOAD_FACTOR,
  type BillingInterval,
  type PlanId,
} from '@rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanFeatureList } from './PlanFeatureList';
import { PlanPrice } from './PlanPrice';
import { AUDIENCE_OF_PLAN, planName, planPageOf, type Billing } from './planTexts';
import { SubscribeButton } from './SubscribeButton';

interface Props {
  billing: Billing;
  interval: BillingInterval;
}

/** The external donation page (DONATION_URL), hidden when the server has none. */
export function DonateLink({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  if (!billing.donationUrl) return null;
  return (
    <Group gap="sm">
      <Text size="sm">{t('billing:donate.text')}</Text>
      <Button
        component="a"
        href={billing.donationUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        color="pink"
        leftSection={<IconHeartHandshake size={16} />}
      >
        {t('billing:donate.button')}
      </Button>
    </Group>
  );
}

/** /pricing/options: a card per plan with its price and what it offers the reader. */
export function PlanOptions({ billing, interval }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {PLAN_IDS.map((plan) => (
          <Card key={plan} withBorder radius="md" padding="lg">
            <Stack gap="sm" h="100%">
              <Title order={2} size="h4">
                {planName(t, plan)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`billing:plans.${plan}.tagline`)}
              </Text>
              <PlanPrice plan={plan} interval={interval} billing={billing} />
              <PlanFeatureList plan={plan} />
              <Stack gap="xs" mt="auto" align="flex-start">
                <SubscribeButton plan={plan} interval={interval} billing={billing} />
                <Anchor component={Link} to={`/pricing/${planPageOf(plan)}`} size="sm">
                  {t('billing:pricing.morePlan', { plan: planName(t, plan) })}
                </Anchor>
              </Stack>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <DonateLink billing={billing} />
    </Stack>
  );
}

/** /pricing/features: what each plan includes, and the way to the comparison table. */
export function PlanFeatures() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {PLAN_IDS.map((plan) => (
          <Card key={plan} withBorder radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {planName(t, plan)}
              </Title>
              <PlanFeatureList plan={plan} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/benefits/compare">
        {t('billing:pricing.compare')}
      </Anchor>
    </Stack>
  );
}

const FAQS = ['premium', 'cancel', 'orgs', 'card', 'change', 'paymentsOff'] as const;

/** /pricing/faqs: the questions people ask before paying. */
export function PricingFaqs() {
  const { t } = useTranslation();
  const values = { aiFactor: PREMIUM_AI_CAP_FACTOR, uploadFactor: PREMIUM_UPLOAD_FACTOR };
  return (
    <Accordion variant="separated" radius="md" multiple defaultValue={['premium']}>
      {FAQS.map((faq) => (
        <Accordion.Item key={faq} value={faq}>
          <Accordion.Control>
            <Text fw={500}>{t(`billing:faqs.${faq}.q`)}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{t(`billing:faqs.${faq}.a`, values)}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** /pricing/publicUsers and the other plan pages: one plan told in full. */
export function PlanDetail({ plan, billing, interval }: Props & { plan: PlanId }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {planName(t, plan)}
        </Title>
        <Text>{t(`billing:plans.${plan}.tagline`)}</Text>
        <Text size="sm">{t(`billing:plans.${plan}.description`)}</Text>
        <PlanPrice plan={plan} interval={interval} billing={billing} />
        <Title order={3} size="h5">
          {t('billing:pricing.includes')}
        </Title>
        <PlanFeatureList plan={plan} />
        <SubscribeButton plan={plan} interval={interval} billing={billing} />
        {plan === 'bumpStars' ? <DonateLink billing={billing} /> : null}
        <Group gap="md">
          <Anchor component={Link} to={`/benefits/${AUDIENCE_OF_PLAN[plan]}`} size="sm">
            {t('billing:pricing.whoBenefits')}
          </Anchor>
          <Anchor component={Link} to="/benefits/compare" size="sm">
            {t('billing:pricing.compare')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
