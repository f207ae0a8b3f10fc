import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { AudienceBenefits, BenefitsOverview, CompareTable } from './BenefitsSections';
import { useBillingTexts } from './billingTexts';
import { RouteTabsPage } from './RouteTabsPage';

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
  const { tab } = useParams();
  if (!isTab(tab)) return <ErrorPage status={404} />;
  return (
    <RouteTabsPage
      title={t('billing:benefits.title')}
      intro={t('billing:benefits.intro')}
      base="/benefits"
      tabs={TABS}
      current={tab}
      labelOf={(name) => t(`billing:benefits.tabs.${name}`)}
    >
      {tab === 'overview' ? (
        <BenefitsOverview />
      ) : tab === 'compare' ? (
        <CompareTable />
      ) : (
        <AudienceBenefits audience={tab} />
      )}
    </RouteTabsPage>
  );
}
