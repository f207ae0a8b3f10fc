import { useTranslation } from 'react-i18next';
import { useBillingTexts } from './billingTexts';
import { planName } from './planTexts';
import { useAccountPlan } from './useAccountPlan';

/**
 * The viewer's plan as the user menu and the account settings name it: the plan's name while the
 * account is premium, else 'Basic User' (000 §2). Live while shown.
 */
export function usePlanLabel({ refresh = false } = {}): string {
  const { t } = useTranslation();
  const textsLoaded = useBillingTexts();
  const { account } = useAccountPlan({ refresh });
  if (!textsLoaded || account?.accountType !== 'premium') return t('common:userMenu.basicUser');
  return account.subscription ? planName(t, account.subscription.plan) : t('billing:premium');
}

/** The user menu's line under the name; read again with each opening of the menu. */
export function MenuPlanName() {
  return usePlanLabel({ refresh: true });
}
