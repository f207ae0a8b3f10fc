import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import { Person } from '../people/people.types';
import { presentMe } from '../users/user.presenter';
import { getMe } from '../users/user.service';
import { User } from '../users/user.types';
import { accountFieldsOf } from './account-fields.service';
import { followAccountChanges } from './billing-live.service';
import {
  AccountSubscription,
  AccountTypeEnum,
  Billing,
  BillingIntervalEnum,
  BillingPortalLink,
  CheckoutLink,
  PlanIdEnum,
} from './billing.types';
import { startCheckout } from './checkout.service';
import { billingInfo } from './plans.service';
import { openBillingPortal } from './portal.service';

/** The plans and whether payments are on: open to everyone, signed in or not. */
@Resolver()
export class BillingResolver {
  @Query(() => Billing, {
    description:
      'Payments on this server: whether they are on, every plan with its prices, the donation link.',
  })
  billing(@Ctx() ctx: Context) {
    return billingInfo(ctx);
  }
}

/** Buying and managing a subscription: a signed-in session only, never an app's token. */
@TokenAccess(SESSION_ACCESS)
@Resolver()
export class BillingActionsResolver {
  @Authorized()
  @Mutation(() => CheckoutLink, {
    description:
      "Starts Stripe Checkout for a plan with the viewer's own Stripe customer: the URL of its hosted page. The account turns premium when Stripe confirms the payment (its webhook), not when the browser returns.",
  })
  startCheckout(
    @Arg('plan', () => PlanIdEnum, { description: 'The paid plan (pro, org or bumpStars).' })
    plan: string,
    @Arg('interval', () => BillingIntervalEnum, { description: 'Monthly or yearly billing.' })
    interval: string,
    @Ctx() ctx: Context,
  ) {
    return startCheckout(ctx, { plan, interval });
  }

  @Authorized()
  @Mutation(() => BillingPortalLink, {
    description:
      "The URL of Stripe's customer portal for the viewer's own subscription (change plan or card, cancel). NOT_FOUND when they never subscribed.",
  })
  openBillingPortal(
    @Arg('returnUrl', () => String, {
      nullable: true,
      description:
        'Where the portal returns: a path or URL on this app (default /settings/subscriptions).',
    })
    returnUrl: string | undefined,
    @Ctx() ctx: Context,
  ) {
    return openBillingPortal(ctx, returnUrl);
  }

  @Subscription(() => User, {
    description:
      "The viewer's own user, each time Stripe's webhook changes their subscription or account type.",
    subscribe: ({ context }) => followAccountChanges(context as Context),
  })
  async accountChanged(@Ctx() ctx: Context): Promise<User> {
    return presentMe(await getMe(ctx));
  }
}

/** A user's account type (anyone who sees them) and subscription (their own only). */
@Resolver(() => User)
export class UserBillingFields {
  @FieldResolver(() => AccountTypeEnum, {
    description: 'Basic, or premium while a paid plan is active (000 §3).',
  })
  async accountType(@Root() user: User, @Ctx() ctx: Context) {
    return (await accountFieldsOf(ctx, user.id)).accountType;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the account type is premium.' })
  async isPremiumUser(@Root() user: User, @Ctx() ctx: Context) {
    return (await accountFieldsOf(ctx, user.id)).isPremiumUser;
  }

  @FieldResolver(() => AccountSubscription, {
    nullable: true,
    description:
      "The subscription (the viewer's own account only): null for others and when never subscribed; kept with status canceled after it ends.",
  })
  async subscription(@Root() user: User, @Ctx() ctx: Context) {
    return (await accountFieldsOf(ctx, user.id)).subscription;
  }
}

/** A profile's account type, for the badge others see. */
@Resolver(() => Person)
export class PersonBillingFields {
  @FieldResolver(() => AccountTypeEnum, {
    description: 'Basic, or premium while a paid plan is active (000 §3).',
  })
  async accountType(@Root() person: Person, @Ctx() ctx: Context) {
    return (await accountFieldsOf(ctx, person.id)).accountType;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the account type is premium.' })
  async isPremiumUser(@Root() person: Person, @Ctx() ctx: Context) {
    return (await accountFieldsOf(ctx, person.id)).isPremiumUser;
  }
}
