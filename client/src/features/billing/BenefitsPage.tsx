import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { AudienceBenefits, BenefitsOverview, CompareTable } from './BenefitsSections';
import { useBillingTexts } from './billingTexts';

/** The spec's /benefits children (000 §2), in the order the tabs show them. */
const TABS = [
  'overview',
  'public',
  'professionals',
  'organisations',
  'bumpstars',
  'compare',
] as const;
type BenefitsTab = (typeof TABS)[number];
const isTab = (value: string | undefined): value is BenefitsTab =>
  (TABS as readonly string[]).includes(value ?? '');

/** /benefits/:tab — who gains what from each plan, and the plans compared. */
export function BenefitsPage() {
  // The texts follow a language switch (also the one the account's language makes on load).
  useBillingTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  if (!isTab(tab)) return <ErrorPage status={404} />;
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('billing:benefits.title')}
          </Title>
          <Text c="dimmed">{t('billing:benefits.intro')}</Text>
        </div>
        <Tabs value={tab} onChange={(next) => next && void navigate(`/benefits/${next}`)}>
          <Tabs.List>
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`billing:benefits.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {tab === 'overview' ? (
          <BenefitsOverview />
        ) : tab === 'compare' ? (
          <CompareTable />
        ) : (
          <AudienceBenefits audience={tab} />
        )}
      </Stack>
    </Container>
  );
}
