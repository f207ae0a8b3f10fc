import type { TFunction } from 'i18next';
import { isProblemStatus } from '@rules';
import type { NotificationRowFragment } from '../../gql/graphql';

/** 'Ada', 'Ada and Bo', 'Ada and 3 others': the newest actor by name, the rest counted. */
export function actorsPhrase(t: TFunction, notification: NotificationRowFragment): string {
  const [newest, second] = notification.actors;
  if (!newest) return t('notifications:actors.someone');
  const others = Math.max(notification.actorCount - 1, 0);
  if (others === 0) return newest.displayName;
  if (others === 1 && second)
    return t('notifications:actors.two', { name: newest.displayName, other: second.displayName });
  return t('notifications:actors.many', { name: newest.displayName, count: others });
}

function itemNoun(t: TFunction, itemType: string): string {
  switch (itemType) {
    case 'stories':
      return t('notifications:items.stories');
    case 'problems':
      return t('notifications:items.problems');
    case 'solutions':
      return t('notifications:items.solutions');
    case 'skills':
      return t('notifications:items.skills');
    case 'comments':
      return t('notifications:items.comments');
    case 'spaces':
      return t('notifications:items.spaces');
    default:
      return t('notifications:items.users');
  }
}

/** A problem status's name in the problems' own words; an unknown one reads as 'undefined'. */
function statusName(t: TFunction, status: string | null | undefined): string {
  return t(isProblemStatus(status) ? `problems:status.${status}` : 'problems:status.undefined');
}

/**
 * The item as the sentence names it: 'story “Our well is dry”', and for a comment 'comment on the
 * story “Our well is dry”' (the server's push and digest texts build the same phrase).
 */
function itemPhrase(t: TFunction, notification: NotificationRowFragment): string {
  const commentOn = notification.itemType === 'comments' ? notification.postType : null;
  const noun = itemNoun(t, commentOn ?? notification.itemType);
  const named = notification.title
    ? t('notifications:itemPhrase.named', { item: noun, title: notification.title })
    : noun;
  return commentOn ? t('notifications:itemPhrase.commentOn', { item: named }) : named;
}

/**
 * The one sentence a notification reads as, grouped and naming its item ('Ada and 3 others
 * reacted to your story “Our well is dry”').
 */
export function notificationText(t: TFunction, notification: NotificationRowFragment): string {
  const values = {
    actors: actorsPhrase(t, notification),
    item: itemPhrase(t, notification),
    // The server leaves out the name of a space the reader may no longer read.
    space: notification.spaceName ?? t('notifications:unnamedSpace'),
  };
  switch (notification.kind) {
    case 'comment':
      return t('notifications:text.comment', values);
    case 'reply':
      return t('notifications:text.reply', values);
    case 'reaction':
      return t('notifications:text.reaction', values);
    case 'vote':
      return t('notifications:text.vote', values);
    case 'mention':
      return t('notifications:text.mention', values);
    case 'invite':
      return t('notifications:text.invite', values);
    case 'joinRequest':
      return t('notifications:text.joinRequest', values);
    case 'joinAnswer':
      return notification.status === 'accepted'
        ? t('notifications:text.joinAccepted', values)
        : t('notifications:text.joinDeclined', values);
    case 'problemAlert':
      return t('notifications:text.problemAlert', values);
    case 'follower':
      return t('notifications:text.follower', values);
    case 'statusChange':
      return t('notifications:text.statusChange', {
        ...values,
        status: statusName(t, notification.status),
      });
    case 'watched':
      return t('notifications:text.watched', values);
    default:
      return t('notifications:text.other', values);
  }
}
