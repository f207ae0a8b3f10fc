import { enumOf } from '../../graphql/enum';
import {
  NOTIFICATION_FILTERS,
  NOTIFICATION_ITEM_TYPES,
  NOTIFICATION_KINDS,
  WATCH_LEVELS,
} from '@rules';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { ReactionKindEnum } from '../reactions/reaction.types';

export const NotificationFilterEnum = enumOf(
  'NotificationFilter',
  NOTIFICATION_FILTERS,
  "Which of the viewer's notifications a list shows.",
  {
    all: 'Every notification.',
    invites: 'Invitations to private spaces, join requests and their answers.',
    mySpaces: "Activity in the viewer's private spaces.",
    thisSpace: 'Activity in one space: the given spaceId, else the active space.',
  },
);

export const WatchLevelEnum = enumOf(
  'WatchLevel',
  WATCH_LEVELS,
  'How closely a person follows a post.',
  {
    everything: 'Notified of every comment and reply.',
    mentions: 'Notified only when mentioned.',
    muted: 'Never notified about it.',
  },
);

export const NotificationKindEnum = enumOf(
  'NotificationKind',
  NOTIFICATION_KINDS,
  'What happened to make the notification.',
  {
    comment: 'Someone commented on your item.',
    reply: 'Someone replied to your comment.',
    reaction: 'Someone reacted to your item or comment.',
    vote: 'Someone voted on your solution.',
    mention: 'Someone @mentioned you in a comment or post.',
    invite: 'You were invited to a private space.',
    joinRequest: 'Someone asks to join a space you own or administer.',
    joinAnswer: 'Your request to join a space was accepted or declined.',
    problemAlert: 'A new problem in your space matches your problem alerts.',
    follower: 'Someone followed you.',
    statusChange: 'A problem you joined changed status.',
    watched: 'New activity on an item you watch (one you commented on or joined).',
  },
);
export const NotificationItemTypeEnum = enumOf(
  'NotificationItemType',
  NOTIFICATION_ITEM_TYPES,
  'What a notification is about, named as its REST collection.',
  {
    stories: 'A story.',
    problems: 'A problem.',
    solutions: 'A solution.',
    skills: 'A skill.',
    comments: 'A comment or a reply.',
    spaces: 'A space.',
    users: 'A person.',
  },
);

@ObjectType('Notification', {
  description: "One grouped notification: 'Ada and 3 others reacted to your story'.",
})
export class NotificationType {
  @Field(() => ID, { description: 'Identifies the notification.' }) id!: string;
  @Field(() => NotificationKindEnum, { description: 'What happened.' }) kind!: string;
  @Field(() => NotificationItemTypeEnum, { description: 'What kind of thing it is about.' })
  itemType!: string;
  @Field(() => ID, { description: 'The id of the post, comment, space or person it is about.' })
  itemId!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The space it happened in; null when there is none (a new follower).',
  })
  spaceId!: string | null;
  @Field(() => String, { nullable: true, description: "That space's name; null without a space." })
  spaceName!: string | null;
  @Field(() => [AuthorType], { description: 'Who acted: at most 3, the latest first.' })
  actors!: AuthorType[];
  @Field(() => Int, { description: 'Distinct people who acted.' }) actorCount!: number;
  @Field(() => ReactionKindEnum, { nullable: true, description: 'The reaction, for reactions.' })
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
  @Field(() => Boolean, { description: 'Whether the viewer has read it.' }) isRead!: boolean;
  @Field(() => Date, {
    description: 'When it was first made; later activity joins it and moves updatedAt.',
  })
  createdAt!: Date;
  @Field(() => Date, { description: 'The latest activity (lists sort by it).' }) updatedAt!: Date;
}

export const NotificationPage = pageOf(NotificationType, 'Notification', 'nextCursor');

@ObjectType({ description: "A change to the viewer's notifications, as it arrives live." })
export class NotificationsChanged {
  @Field(() => Int, {
    description: "The viewer's unread notifications now (as User.totalNotifications).",
  })
  totalNotifications!: number;
  @Field(() => NotificationType, {
    nullable: true,
    description: 'Null when only the total changed (read or deleted on another device).',
  })
  notification!: NotificationType | null;
}
