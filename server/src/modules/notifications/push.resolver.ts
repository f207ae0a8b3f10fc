import { URL_MAX } from '@rules';
import { Arg, Authorized, Ctx, Field, InputType, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { presentMe } from '../users/user.presenter';
import { User } from '../users/user.types';
import { setDigestEmails } from './digest.service';
import {
  pushPublicKey,
  pushWanted,
  removePushSubscription,
  savePushSubscription,
} from './push.service';
import { NOTIFICATIONS_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';

@InputType({ description: 'The keys of a browser push subscription (PushSubscription.toJSON()).' })
export class PushSubscriptionKeysInput {
  @Field(() => String, {
    description: "The browser's public key (base64url), at most 256 characters.",
  })
  p256dh!: string;
  @Field(() => String, {
    description: 'The authentication secret (base64url), at most 256 characters.',
  })
  auth!: string;
}

@InputType({ description: 'A browser push subscription, as PushSubscription.toJSON() gives it.' })
export class PushSubscriptionInput {
  @Field(() => String, {
    description: `The push service's https URL, at most ${URL_MAX} characters.`,
  })
  endpoint!: string;
  @Field(() => PushSubscriptionKeysInput, { description: 'The keys messages are encrypted with.' })
  keys!: PushSubscriptionKeysInput;
}

/** Web Push subscriptions and the e-mail digest setting. */
@TokenAccess(NOTIFICATIONS_ACCESS)
@Resolver()
export class PushResolver {
  @Query(() => String, { description: 'The VAPID public key browsers subscribe with.' })
  pushPublicKey(@Ctx() ctx: Context): string {
    return pushPublicKey(ctx);
  }

  @Query(() => Boolean, {
    description: 'Whether any of the viewer’s spaces has notifications on (false signed out).',
  })
  pushWanted(@Ctx() ctx: Context): Promise<boolean> {
    return pushWanted(ctx);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Stores this browser’s push subscription for the viewer.',
  })
  async savePushSubscription(
    @Arg('subscription', () => PushSubscriptionInput, {
      description: "This browser's subscription, from PushSubscription.toJSON().",
    })
    subscription: PushSubscriptionInput,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await savePushSubscription(ctx, subscription);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Forgets one of the viewer’s browser subscriptions.' })
  async removePushSubscription(
    @Arg('endpoint', () => String, {
      description: 'The endpoint URL of the subscription to forget.',
    })
    endpoint: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await removePushSubscription(ctx, endpoint);
    return true;
  }

  @Authorized()
  @Mutation(() => User, { description: 'Turns the daily e-mail digest on or off.' })
  async setDigestEmails(
    @Arg('on', () => Boolean, { description: 'True for the daily e-mail digest, false for none.' })
    on: boolean,
    @Ctx() ctx: Context,
  ) {
    return presentMe(await setDigestEmails(ctx, on));
  }
}
