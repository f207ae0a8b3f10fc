import { enumOf } from '../../graphql/enum';
import { MODERATE_ITEM_ACTIONS, REPORT_STATUSES, REPORTABLE_TYPES } from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export const ReportableItemTypeEnum = enumOf(
  'ReportableItemType',
  REPORTABLE_TYPES,
  'What can be reported or moderated, named as its REST collection.',
  {
    stories: 'A story.',
    problems: 'A problem.',
    solutions: 'A solution.',
    skills: 'A skill.',
    comments: 'A comment or a reply.',
    users: "A person's account.",
  },
);
export const ReportStatusEnum = enumOf(
  'ReportStatus',
  REPORT_STATUSES,
  'Where a report stands: open and reviewing are pending; resolved and dismissed are closed.',
  {
    open: 'New: no moderator has taken it up yet.',
    reviewing: 'A moderator is looking into it.',
    resolved: 'Closed with action taken: the item was hidden or rejected, or its author suspended.',
    dismissed: 'Closed without action.',
  },
);
export const ModerateItemActionEnum = enumOf(
  'ModerateItemAction',
  MODERATE_ITEM_ACTIONS,
  'What a moderator does to an item: hide or restore it, approve or reject an anonymous post.',
  {
    hide: 'Hide a post or comment from everyone but its author and moderators; resolves its pending reports.',
    restore: 'Show a hidden post or comment again.',
    approve: 'Approve an anonymous post, which publishes it (posts only).',
    reject:
      'Refuse an anonymous post: it stays unapproved and hidden; resolves its pending reports (posts only).',
  },
);

@ObjectType({ description: 'A recorded moderation action: who did what, when.' })
export class ModerationEntry {
  @Field(() => ID) id!: string;
  @Field(() => String, {
    description: 'status, hide, restore, approve, reject, suspend, unsuspend, …',
  })
  action!: string;
  @Field(() => AuthorType, { nullable: true, description: 'Null when the account is gone.' })
  actor!: AuthorType | null;
  @Field(() => String, { nullable: true, description: 'For status changes: the new status.' })
  note!: string | null;
  @Field(() => Date, { nullable: true, description: 'A suspension’s end.' })
  until!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'A report of a post, comment or person.' })
export class Report {
  @Field(() => ID) id!: string;
  @Field(() => ReportableItemTypeEnum) itemType!: string;
  @Field(() => ID) itemId!: string;
  @Field(() => String, { description: 'The REST collection of the item (stories, users, …).' })
  path!: string;
  @Field(() => ID) documentID!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The client route that shows the item (a comment: its post at #comment-{id}).',
  })
  route!: string | null;
  @Field(() => AuthorType, {
    nullable: true,
    description: 'Anonymous posts show Anonymous except to moderators.',
  })
  reportedAuthor!: AuthorType | null;
  @Field(() => Boolean) isAnonymousPost!: boolean;
  @Field(() => [String]) tags!: string[];
  @Field(() => String) comments!: string;
  @Field(() => String, { description: 'open, reviewing, resolved or dismissed' })
  status!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => AuthorType, { nullable: true, description: 'Shown to moderators only.' })
  reporter!: AuthorType | null;
  @Field(() => ID, { nullable: true }) spaceId!: string | null;
  @Field(() => String, { nullable: true }) spaceName!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The item’s text (a post’s title or opening words, a comment, a person’s name): to its moderators, and to its reporter while they may open the item.',
  })
  itemExcerpt!: string | null;
  @Field(() => Boolean) itemHidden!: boolean;
  @Field(() => Boolean, {
    description:
      'The viewer may suspend the reported author (site moderators; never an admin or themselves).',
  })
  canSuspend!: boolean;
  @Field(() => [ModerationEntry]) actions!: ModerationEntry[];
}

export const ReportPage = pageOf(Report, 'Report', 'nextCursor');

@ObjectType({ description: 'An anonymous post waiting for approval.' })
export class PendingPost {
  @Field(() => ReportableItemTypeEnum) itemType!: string;
  @Field(() => ID) itemId!: string;
  @Field(() => String) route!: string;
  @Field(() => String) excerpt!: string;
  @Field(() => AuthorType, { nullable: true, description: 'Who posted it (moderators see).' })
  author!: AuthorType | null;
  @Field(() => ID) spaceId!: string;
  @Field(() => String) spaceName!: string;
  @Field(() => Date) createdAt!: Date;
}

export const PendingPostPage = pageOf(PendingPost, 'PendingPost', 'nextCursor');

@InputType()
export class ReportInput {
  @Field(() => ReportableItemTypeEnum) itemType!: string;
  @Field(() => ID) itemId!: string;
  @Field(() => [String], { description: 'Topics (posts, comments) or reasons (people).' })
  tags!: string[];
  @Field(() => String, { nullable: true }) comments?: string | null;
}
