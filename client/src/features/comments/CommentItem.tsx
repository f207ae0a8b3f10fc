import { Anchor, Avatar, Button, Group, Stack } from '@mantine/core';
import { IconBuilding, IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthorActionsMenu } from '../../components/AuthorActionsMenu';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifySuccess } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import { RichText } from '../../components/RichText';
import type { CommentItemFragment } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { ReactionButton } from '../reactions';
import { HiddenBadge, ReportMenu } from '../moderation';
import { CommentBox } from './CommentBox';
import { notifyCommentFailure } from './notifyCommentFailure';
import type { useCommentMutations } from './useCommentMutations';

export type CommentWrites = ReturnType<typeof useCommentMutations>;

/**
 * One comment or reply: who and when, the text (or its editor), the author's Edit and Delete, and
 * for a comment the Reply box and the View / Hide N replies toggle (replies load on first expand).
 */
export function CommentItem({
  comment,
  writes,
  Replies,
}: {
  comment: CommentItemFragment;
  writes: CommentWrites;
  /** A comment's replies under it (the thread passes CommentReplies, which lists CommentItems). */
  Replies?: ComponentType<{ commentId: string; writes: CommentWrites }>;
}) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const isReply = Boolean(comment.parentId);
  const replies = comment.counters.totalReplies;
  // A link to the comment (a report's Open) ends in #comment-{id}: the thread scrolls to it.
  const anchor = `comment-${comment.id}`;
  const linked = useLocation().hash === `#${anchor}`;
  const itself = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) itself.current?.scrollIntoView({ block: 'center' });
  }, [linked]);

  const update = async (html: string) => {
    try {
      await writes.updateComment(comment.id, html);
      setEditing(false);
      notifySuccess(
        isReply ? t('comments:toasts.msg_reply_update') : t('comments:toasts.msg_update_suucess'),
      );
    } catch (error) {
      notifyCommentFailure(
        isReply
          ? t('comments:toasts.failed_update_reply')
          : t('comments:toasts.msg_updated_failed'),
        error,
      );
      throw error;
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await writes.deleteComment(comment);
      notifySuccess(
        isReply ? t('comments:toasts.msg_reply_delete') : t('comments:toasts.msg_delete_success'),
      );
    } catch (error) {
      notifyCommentFailure(t('comments:toasts.msg_delele_failed'), error);
    }
  };

  const reply = async (html: string) => {
    try {
      await writes.addComment(html, comment.id);
      setReplying(false);
      setShowReplies(true);
      notifySuccess(t('comments:toasts.msg_add_reply'));
    } catch (error) {
      notifyCommentFailure(t('comments:toasts.msg_add_reply_failed'), error);
      throw error;
    }
  };

  return (
    <Stack
      ref={itself}
      id={anchor}
      gap={6}
      component="article"
      aria-label={t('comments:item.label', { name: comment.author.displayName })}
      style={
        linked
          ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 4 }
          : undefined
      }
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <AuthorAvatar author={comment.author} />
          <Stack gap={0}>
            <Anchor component={Link} to={`/network/${comment.author.id}/info`} fw={600} size="sm">
              {comment.author.displayName}
            </Anchor>
            <RelativeTime date={comment.createdAt} size="xs" />
            <HiddenBadge hidden={comment.isHidden} />
          </Stack>
        </Group>
        {comment.canEdit && !editing ? (
          <AuthorActionsMenu
            label={isReply ? t('comments:item.replyActions') : t('comments:item.actions')}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
          />
        ) : null}
        {comment.canEdit ? null : (
          <ReportMenu
            label={isReply ? t('comments:item.replyActions') : t('comments:item.actions')}
            itemType="comments"
            itemId={comment.id}
          />
        )}
      </Group>

      {editing ? (
        <CommentBox
          label={t('comments:item.editLabel')}
          submitLabel={t('comments:item.update')}
          initialHtml={comment.commentHTML}
          onSubmit={update}
          onCancel={() => setEditing(false)}
          open
          reply={isReply}
        />
      ) : (
        <RichText html={comment.commentHTML} fz="sm" />
      )}

      <Group gap="xs">
        <ReactionButton itemType="comments" item={comment} />
        {isReply ? null : (
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconMessageCircle size={14} />}
            onClick={() => requireSignIn(() => setReplying((open) => !open))}
          >
            {t('comments:item.reply')}
          </Button>
        )}
        {!isReply && replies > 0 ? (
          <Button
            variant="subtle"
            size="compact-xs"
            aria-expanded={showReplies}
            onClick={() => setShowReplies((open) => !open)}
          >
            {showReplies
              ? t('comments:item.hideReplies', {
                  count: replies,
                })
              : t('comments:item.viewReplies', {
                  count: replies,
                })}
          </Button>
        ) : null}
      </Group>

      {replying ? (
        <CommentBox
          label={t('comments:item.replyLabel')}
          submitLabel={t('comments:item.reply')}
          onSubmit={reply}
          onCancel={() => setReplying(false)}
          open
          reply
        />
      ) : null}

      {showReplies && !isReply && Replies ? (
        <Replies commentId={comment.id} writes={writes} />
      ) : null}

      <ConfirmDialog
        opened={confirming}
        title={isReply ? t('comments:item.deleteReplyTitle') : t('comments:item.deleteTitle')}
        message={isReply ? t('comments:item.deleteReplyMessage') : t('comments:item.deleteMessage')}
        confirmLabel={t('common:actions.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

function AuthorAvatar({ author }: { author: CommentItemFragment['author'] }) {
  // Organisations are square with the organisation placeholder; people round with initials.
  if (author.role === 'org') {
    return (
      <Avatar radius="sm" size="md" src={author.photoURL || null} alt="">
        <IconBuilding size={18} />
      </Avatar>
    );
  }
  return (
    <Avatar
      radius="xl"
      size="md"
      src={author.photoURL || null}
      alt=""
      name={author.displayName}
      color="initials"
    />
  );
}
