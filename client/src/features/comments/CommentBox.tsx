import { Box, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToPlainText, isCommentSendable } from '@rules';
import { RichTextEditor } from '../../components/RichTextEditor';
import { useRequireSignIn, useViewer } from '../auth';

/** The reply editor's maximum height (001 §9); the new-comment box grows with its text. */
const REPLY_MAX_HEIGHT = 100;

export interface CommentBoxProps {
  /** Accessible name and placeholder of the editor. */
  label: string;
  submitLabel: string;
  /** Saves the text; the box clears when it resolves and keeps the text when it rejects. */
  onSubmit: (html: string) => Promise<unknown>;
  /** Cancel was pressed (the box is then emptied either way). */
  onCancel?: () => void;
  /** The text to edit (an existing comment). */
  initialHtml?: string;
  /** A reply box or an edit: buttons always shown, the editor focused. */
  open?: boolean;
  reply?: boolean;
}

/**
 * The comment editor (#tags and @mentions). Cancel and the submit button show once it has focus;
 * submit stays disabled while the text is empty or whitespace. Signed out, clicking into it opens
 * the login box instead.
 */
export function CommentBox({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  initialHtml = '',
  open = false,
  reply = false,
}: CommentBoxProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const requireSignIn = useRequireSignIn();
  const [html, setHtml] = useState(initialHtml);
  const [focused, setFocused] = useState(open);
  const [sending, setSending] = useState(false);
  const sendable = isCommentSendable(htmlToPlainText(html));

  const onFocus = () => {
    if (viewer) return setFocused(true);
    (document.activeElement as HTMLElement | null)?.blur();
    requireSignIn(() => {});
  };

  const cancel = () => {
    setHtml(initialHtml);
    setFocused(open);
    onCancel?.();
  };

  const submit = async () => {
    if (!sendable || sending) return;
    setSending(true);
    try {
      await onSubmit(html);
      setHtml('');
      setFocused(open);
    } catch {
      // The caller showed why; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs">
      <Box
        onFocus={onFocus}
        style={reply ? { maxHeight: REPLY_MAX_HEIGHT, overflowY: 'auto' } : undefined}
      >
        <RichTextEditor
          value={html}
          onChange={setHtml}
          ariaLabel={label}
          placeholder={label}
          minHeight={reply ? 40 : 60}
          autoFocus={open}
        />
      </Box>
      {focused ? (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={cancel} disabled={sending}>
            {t('common:actions.cancel')}
          </Button>
          <Button size="xs" disabled={!sendable} loading={sending} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
