import { enumOf } from '../../graphql/enum';
import {
  MODERATE_ITEM_ACTIONS,
  MODERATION_ACTIONS,
  REPORT_STATUSES,
  REPORTABLE_TYPES,
} from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export const ModerationActionEnum = enumOf(
  'ModerationAction',
  MODERATION_ACTIONS,
  "What a moderator did, as a report's history records it.",
  {
    status: "Moved the report to another status (the entry's note names it).",
    hide: 'Hid the item.',
    restore: 'Showed a hidden item again.',
    approve: 'Approved an anonymous post.',
    reject: 'Rejected an anonymous post.',
    suspend: 'Suspended the author.',
    unsuspend: "Lifted the author's suspension.",
    grantModerator: 'Made a person a site moderator.',
    revokeModerator: "Ended a person's moderator role.",
  },
);

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
  @Field(() => ID, { description: "The entry's id." }) id!: string;
  @Field(() => ModerationActionEnum, {
    description:
      'What was done: status, hide, restore, approve, reject, suspend, unsuspend, grantModerator or revokeModerator.',
  })
  action!: string;
  @Field(() => AuthorType, { nullable: true, description: 'Null when the account is gone.' })
  actor!: AuthorType | null;
  @Field(() => String, { nullable: true, description: 'For status changes: the new status.' })
  note!: string | null;
  @Field(() => Date, { nullable: true, description: 'A suspension’s end.' })
  until!: Date | null;
  @Field(() => Date, { description: 'When it was done.' }) createdAt!: Date;
}

@ObjectType({ description: 'A report of a post, comment or person.' })
export class Report {
  @Field(() => ID, { description: "The report's id." }) id!: string;
  @Field(() => ReportableItemTypeEnum, { description: 'What kind of item was reported.' })
  itemType!: string;
  @Field(() => ID, { description: 'The id of the reported post, comment or person.' })
  itemId!: string;
  @Field(() => String, { description: 'The REST collection of the item (stories, users, …).' })
  path!: string;
  @Field(() => ID, { description: 'Same as itemId (the spec’s name).' }) documentID!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The client route that shows the item (a comment: its post at #comment-{id}); null once it is gone.',
  })
  route!: string | null;
  @Field(() => AuthorType, {
    nullable: true,
    description: 'Anonymous posts show Anonymous except to moderators.',
  })
  reportedAuthor!: AuthorType | null;
  @Field(() => Boolean, { description: 'The reported item was posted anonymously.' })
  isAnonymousPost!: boolean;
  @Field(() => [String], {
    description:
      'Topics (posts, comments: guidelines, sexual, violent, abusive, harmful, spam, other) or reasons (people).',
  })
  tags!: string[];
  @Field(() => String, {
    description: "The reporter's comments, at most 500 characters; empty when none.",
  })
  comments!: string;
  @Field(() => ReportStatusEnum, { description: 'Open, reviewing, resolved or dismissed.' })
  status!: string;
  @Field(() => Date, { description: 'When it was first reported.' }) createdAt!: Date;
  @Field(() => Date, {
    description: 'When it last changed (a new status, or the reporter reporting it again).',
  })
  updatedAt!: Date;
  @Field(() => AuthorType, { nullable: true, description: 'Shown to moderators only.' })
  reporter!: AuthorType | null;
  @Field(() => ID, {
    nullable: true,
    description: "The item's space; null for reports of people.",
  })
  spaceId!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The name of the item's space; null for reports of people.",
  })
  spaceName!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The item’s text (a post’s title or opening words, a comment, a person’s name): to its moderators, and to its reporter while they may open the item.',
  })
  itemExcerpt!: string | null;
  @Field(() => Boolean, {
    description: 'The item is hidden by a moderator (people are suspended instead: always false).',
  })
  itemHidden!: boolean;
  @Field(() => Boolean, {
    description:
      'The viewer may suspend the reported author (site moderators; never an admin or themselves).',
  })
  canSuspend!: boolean;
  @Field(() => [ModerationEntry], {
    description: 'What moderators did about it, oldest first; empty except to its moderators.',
  })
  actions!: ModerationEntry[];
}

export const ReportPage = pageOf(Report, 'Report', 'nextCursor');

@ObjectType({ description: 'An anonymous post waiting for approval.' })
export class PendingPost {
  @Field(() => ReportableItemTypeEnum, { description: 'What kind of post it is.' })
  itemType!: string;
  @Field(() => ID, { description: "The post's id." }) itemId!: string;
  @Field(() => String, { description: 'The client route that shows the post.' }) route!: string;
  @Field(() => String, {
    description: 'The opening of its text as plain text, at most 280 characters.',
  })
  excerpt!: string;
  @Field(() => AuthorType, { nullable: true, description: 'Who posted it (moderators see).' })
  author!: AuthorType | null;
  @Field(() => ID, { description: "The post's space." }) spaceId!: string;
  @Field(() => String, { description: "The name of the post's space." }) spaceName!: string;
  @Field(() => Date, { description: 'When it was posted.' }) createdAt!: Date;
}

export const PendingPostPage = pageOf(PendingPost, 'PendingPost', 'nextCursor');

@InputType({ description: 'A report of an item the viewer can see.' })
export class ReportInput {
  @Field(() => ReportableItemTypeEnum, { description: 'What kind of item to report.' })
  itemType!: string;
  @Field(() => ID, { description: 'The id of the post, comment or person.' }) itemId!: string;
  @Field(() => [String], {
    description:
      'At least one: topics (guidelines, sexual, violent, abusive, harmful, spam, other) or, for people, reasons (guidelines, risk, fake, hacked, unauthorised, deceased).',
  })
  tags!: string[];
  @Field(() => String, {
    nullable: true,
    description: 'What the reporter adds, at most 500 characters after trimming.',
  })
  comments?: string | null;
}
