/** What other modules may use of billing: the premium allowances. */
export { aiMonthlyTokenCap, isPremiumAccount, uploadBytesPerDay } from './allowances';
export { accountFieldsOf } from './account-fields.service';
export { grantSubscriptionWithoutStripe } from './subscription-state.service';
// Registers billing's steps of account deletion (cancel at Stripe, remove the rows).
import './billing-account.service';
