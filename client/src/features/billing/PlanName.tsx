import { useTranslation } from 'react-i18next';
import { useBillingTexts } from './billingTexts';
import { planName } from './planTexts';
import { useAccountPlan } from './useAccountPlan';

/**
 * The viewer's plan as the user menu and the account settings name it: the plan's name while the
 * account is premium, else 'Basic User' (000 §2); null until known. Live while shown.
 */
export function usePlanLabel({ refresh = false } = {}): string | null {
  const { t } = useTranslation();
  const textsLoaded = useBillingTexts();
  const { account, error } = useAccountPlan({ refresh });
  const basic = t('common:userMenu.basicUser');
  // Unreadable (offline): the spec's default.
  if (!account) return error ? basic : null;
  if (account.accountType !== 'premium') return basic;
  if (!textsLoaded) return null;
  return account.subscription ? planName(t, account.subscription.plan) : t('billing:premium');
}

/** The user menu's line under the name; read again with each opening of the menu. */
export function MenuPlanName() {
  // A no-break space keeps the line's height while the plan loads.
  return usePlanLabel({ refresh: true }) ?? '\u00a0';
}
