import { enumOf } from '../../graphql/enum';
import { NOTIFICATION_ITEM_TYPES, NOTIFICATION_KINDS } from '@rules';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export const NotificationKindEnum = enumOf(
  'NotificationKind',
  NOTIFICATION_KINDS,
  'What happened: a comment, reply, reaction or vote on your item, a mention, an invitation, a join request or its answer, a problem alert, a new follower, a status change, or activity on something you watch.',
);
export const NotificationItemTypeEnum = enumOf(
  'NotificationItemType',
  NOTIFICATION_ITEM_TYPES,
  'What a notification is about, named as its REST collection.',
);

@ObjectType('Notification', {
  description: "One grouped notification: 'Ada and 3 others reacted to your story'.",
})
export class NotificationType {
  @Field(() => ID) id!: string;
  @Field(() => NotificationKindEnum) kind!: string;
  @Field(() => NotificationItemTypeEnum) itemType!: string;
  @Field(() => ID) itemId!: string;
  @Field(() => ID, { nullable: true }) spaceId!: string | null;
  @Field(() => String, { nullable: true }) spaceName!: string | null;
  @Field(() => [AuthorType], { description: 'At most 3, newest first.' }) actors!: AuthorType[];
  @Field(() => Int, { description: 'Distinct people who acted.' }) actorCount!: number;
  @Field(() => String, { nullable: true, description: 'The reaction, for reactions.' })
  reaction!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "A problem's new status; a join request's answer (accepted, declined).",
  })
  status!: string | null;
  @Field(() => String, { nullable: true, description: "The comment's opening words." })
  snippet!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The post it is about: the item, or a comment's post (stories, problems, …).",
  })
  postType!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "That post's title (a story's opening words); null for spaces and people.",
  })
  title!: string | null;
  @Field(() => String, { description: 'The client route to open.' }) route!: string;
  @Field(() => Boolean) isRead!: boolean;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { description: 'The latest activity (lists sort by it).' }) updatedAt!: Date;
}

export const NotificationPage = pageOf(NotificationType, 'Notification', 'nextCursor');

@ObjectType({ description: "A change to the viewer's notifications, as it arrives live." })
export class NotificationsChanged {
  @Field(() => Int) totalNotifications!: number;
  @Field(() => NotificationType, {
    nullable: true,
    description: 'Null when only the total changed (read or deleted on another device).',
  })
  notification!: NotificationType | null;
}
