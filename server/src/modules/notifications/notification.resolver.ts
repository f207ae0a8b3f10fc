import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import { COMMENTABLE_TYPES } from '@rules';
import type { Context } from '../../context';
import { createLoaders } from '../../graphql/loaders';
import { Space } from '../spaces/space.types';
import { User } from '../users/user.types';
import { notificationChangesOf, type NotificationsChange } from './notification-live.service';
import { presentNotification } from './notification.presenter';
import * as notificationService from './notification.service';
import {
  NotificationPage,
  NotificationsChanged,
  NotificationType,
  NotificationFilterEnum,
  WatchLevelEnum,
} from './notification.types';
import { NOTIFICATIONS_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';
import { AFTER_ARG, FIRST_ARG, nextCursorConnection } from '../../graphql/page';
import { CommentableType } from '../comments/comment.types';

const NOTIFICATION_ID = "The id of one of the viewer's notifications.";
const POST_TYPE = `The post's kind: ${COMMENTABLE_TYPES.join(', ')}.`;
const POST_ID = "The post's id.";

@TokenAccess(NOTIFICATIONS_ACCESS)
@Resolver(() => NotificationType)
export class NotificationResolver {
  @Authorized()
  @Query(() => NotificationPage, {
    description:
      "The viewer's notifications, latest activity first: filter all, invites, mySpaces or thisSpace (spaceId, else the active space).",
  })
  async notifications(
    @Ctx() ctx: Context,
    @Arg('filter', () => NotificationFilterEnum, {
      defaultValue: 'all',
      description: 'Which of the notifications to list (all when omitted).',
    })
    filter: string,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: "For thisSpace: the space; the viewer's active space when omitted.",
    })
    spaceId?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await notificationService.listNotifications(ctx, {
      filter,
      spaceId,
      first,
      after,
    });
    const items = await Promise.all(page.items.map((row) => presentNotification(ctx, row)));
    return nextCursorConnection({ ...page, items });
  }

  @Authorized()
  @Mutation(() => NotificationType, {
    description: "Marks one of the viewer's notifications read; anyone else's is NOT_FOUND.",
  })
  async markNotificationRead(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: NOTIFICATION_ID }) id: string,
  ) {
    return presentNotification(ctx, await notificationService.markNotificationRead(ctx, id));
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      "Deletes one of the viewer's notifications (true once done); anyone else's is NOT_FOUND.",
  })
  async deleteNotification(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: NOTIFICATION_ID }) id: string,
  ) {
    await notificationService.deleteNotification(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Deletes all the viewer's notifications." })
  async clearNotifications(@Ctx() ctx: Context) {
    await notificationService.clearNotifications(ctx);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Marks all the viewer's notifications read (true once done).",
  })
  async markAllNotificationsRead(@Ctx() ctx: Context) {
    await notificationService.markAllNotificationsRead(ctx);
    return true;
  }

  @Authorized()
  @Query(() => WatchLevelEnum, {
    nullable: true,
    description: 'How closely the viewer follows a post; null when not watching it.',
  })
  watchLevel(
    @Ctx() ctx: Context,
    @Arg('itemType', () => CommentableType, { description: POST_TYPE }) itemType: string,
    @Arg('itemId', () => ID, { description: POST_ID }) itemId: string,
  ) {
    return notificationService.watchLevel(ctx, { itemType, itemId });
  }

  @Authorized()
  @Mutation(() => WatchLevelEnum, {
    description: 'Sets how closely the viewer follows a post they may read; returns the level set.',
  })
  setWatchLevel(
    @Ctx() ctx: Context,
    @Arg('itemType', () => CommentableType, { description: POST_TYPE }) itemType: string,
    @Arg('itemId', () => ID, { description: POST_ID }) itemId: string,
    @Arg('level', () => WatchLevelEnum, { description: 'How closely to follow it.' })
    level: string,
  ) {
    return notificationService.setWatchLevel(ctx, { itemType, itemId, level });
  }

  @Authorized()
  @Mutation(() => Space, {
    description: "Turns the viewer's notifications (Web Push) for a space on or off.",
  })
  setSpaceNotifications(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      description: "The space's id (one whose content the viewer may read).",
    })
    spaceId: string,
    @Arg('on', () => Boolean, { description: 'True turns them on, false off.' }) on: boolean,
  ) {
    return notificationService.setSpaceNotifications(ctx, { spaceId, on });
  }

  @Subscription(() => NotificationsChanged, {
    description: "The viewer's unread total and each notification made for them, as they happen.",
    subscribe: ({ context }) => notificationChangesOf(context as Context),
  })
  async notificationsChanged(
    @Root() change: NotificationsChange,
    @Ctx() ctx: Context,
  ): Promise<NotificationsChanged> {
    // The subscription's context lives as long as it does: fresh loaders, so names are current.
    ctx.loaders = createLoaders(ctx.db, ctx.viewer);
    return {
      totalNotifications: change.totalNotifications,
      notification: change.notification
        ? await presentNotification(ctx, change.notification)
        : null,
    };
  }
}

@TokenAccess(NOTIFICATIONS_ACCESS)
@Resolver(() => User)
export class UserNotificationFields {
  @FieldResolver(() => Int, { description: 'Unread notifications the viewer may still see.' })
  totalNotifications(@Root() user: User, @Ctx() ctx: Context) {
    return notificationService.totalNotifications(ctx, user.id);
  }
}

@TokenAccess(NOTIFICATIONS_ACCESS)
@Resolver(() => Space)
export class SpaceNotificationFields {
  @FieldResolver(() => Boolean, {
    description: "The viewer's notifications switch for this space (false signed out).",
  })
  notificationsOn(@Root() space: Space, @Ctx() ctx: Context) {
    return ctx.loaders.spaceNotificationsOn.load(space.id);
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether the viewer may switch its notifications: they may read its content (false for invitees, requesters and signed out).',
  })
  canSwitchNotifications(@Root() space: Space, @Ctx() ctx: Context) {
    return ctx.loaders.spaceNotificationsSwitchable.load(space.id);
  }
}
