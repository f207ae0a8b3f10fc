import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';

/**
 * The registry through which account deletion asks each module to remove a person's rows. A
 * module registers its remover beside the function that does the work (so the deletion service
 * imports no module, and no module imports it back); the steps run in this order, in the
 * deletion's one transaction, each taking its rows out of every counter they were in (the cascade
 * alone would leave posts, comments, problems, solutions, skills and tags counting what is gone).
 */
export const ACCOUNT_REMOVAL_STEPS = [
  // Their comments and reactions on other people's posts leave those posts' counters.
  'comments',
  'reactions',
  'stories',
  'solutions',
  'votes',
  'follows',
  // Their recipes on other people's problems leave those problems' recipe counters.
  'maps',
  'problems',
  'problem-participants',
  'skill-members',
  'tag-follows',
  'billing',
] as const;

export type AccountRemovalStep = (typeof ACCOUNT_REMOVAL_STEPS)[number];

/** Removes what `userId` owns of one module, inside the deleting transaction. */
export type AccountRemover = (tx: DbOrTx, userId: string) => Promise<unknown>;

const removers = new Map<AccountRemovalStep, AccountRemover>();

export function registerAccountRemover(step: AccountRemovalStep, remove: AccountRemover): void {
  if (removers.has(step)) throw new Error(`account removal step '${step}' registered twice`);
  removers.set(step, remove);
}

/**
 * The removers in step order. A step nobody registered (its module never loaded) fails the
 * deletion rather than leave that module's rows and counters behind.
 */
export function accountRemovers(): AccountRemover[] {
  return ACCOUNT_REMOVAL_STEPS.map((step) => {
    const remove = removers.get(step);
    if (!remove) throw new Error(`no remover registered for account removal step '${step}'`);
    return remove;
  });
}

/**
 * What must happen outside the database before an account goes (its subscription cancelled at
 * Stripe): run before the deleting transaction, in registration order; one that throws stops
 * the deletion, so nothing is removed that still costs the person money.
 */
export type AccountFarewell = (
  deps: Pick<AppDeps, 'config' | 'db' | 'log'>,
  userId: string,
) => Promise<void>;

const farewells = new Map<string, AccountFarewell>();

export function registerAccountFarewell(name: string, farewell: AccountFarewell): void {
  if (farewells.has(name)) throw new Error(`account farewell '${name}' registered twice`);
  farewells.set(name, farewell);
}

export const accountFarewells = (): AccountFarewell[] => [...farewells.values()];
