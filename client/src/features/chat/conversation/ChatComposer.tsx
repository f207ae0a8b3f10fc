import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  Loader,
  Pill,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPaperclip, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CHAT_FILES_MAX,
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  CHAT_MESSAGES,
  htmlToPlainText,
  stripTrailingEmptyParagraphs,
} from '@rules';
import { notifyError, serverErrorOf, translateServerMessage } from '../../../components/notify';
import { RichTextEditor } from '../../../components/RichTextEditor';
import type { ChatMessage } from './messageCache';
import { ReplyQuote } from './ReplyQuote';
import type { Draft } from './useSendQueue';

/** The reply editor's maximum height (001 §9); otherwise the editor grows to this. */
const REPLY_MAX_HEIGHT = 100;
const EDITOR_MAX_HEIGHT = 200;
const ACCEPT = [...CHAT_IMAGE_TYPES, ...CHAT_IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

type ChatFile = ChatMessage['files'][number];
/**
 * An image being attached: uploading, stored (then sent with the message), or refused (`error`,
 * translated): a refused one stays, with the picked file to try again, and holds Send back.
 */
type Attachment = {
  key: string;
  name: string;
  source: File;
  file: ChatFile | null;
  error: string | null;
};

/** A refused upload: the server's (English) message, translated where it is shown. */
class ChatUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ChatUploadError';
  }
}

/** Uploads one image to the conversation (S2's REST row); resolves to the stored file. */
async function uploadImage(conversationId: string, file: File): Promise<ChatFile> {
  const response = await fetch(
    `/api/chat/conversations/${encodeURIComponent(conversationId)}/files`,
    {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': file.type,
        'X-File-Name': encodeURIComponent(file.name),
        // The server's CSRF guard: a cookie-authenticated write must prove it came from a script.
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: file,
    },
  );
  const body = (await response.json().catch(() => null)) as {
    data?: ChatFile;
    error?: { message?: string };
  } | null;
  if (!response.ok || !body?.data)
    throw new ChatUploadError(body?.error?.message ?? '', response.status);
  return body.data;
}

/** Why an upload failed, in the reader's language. */
function uploadFailure(t: TFunction, caught: unknown): string {
  if (!(caught instanceof ChatUploadError)) return serverErrorOf(caught, t).message;
  if (caught.message) return translateServerMessage(t, caught.message);
  return caught.status >= 500
    ? t('common:errors.serverDown', { status: caught.status })
    : t('common:errors.internal');
}

export interface ChatComposerProps {
  /** Where images go; null before a new direct chat exists (attaching waits for it). */
  conversationId: string | null;
  onSend: (draft: Draft) => void;
  /** The message being edited: the editor holds its text and Save replaces it. */
  editing: ChatMessage | null;
  onSaveEdit: (message: ChatMessage, html: string) => Promise<unknown>;
  replyTo: ChatMessage | null;
  /** Leaves edit or reply mode (also Escape). */
  onCancelMode: () => void;
  onTyping: () => void;
}

/**
 * The message editor: the rich-text editor, images (jpg, jpeg, png) uploaded as they are attached
 * and shown as chips, and Send, enabled only with text or images. Enter sends (Shift+Enter is a
 * new line); trailing empty paragraphs are stripped; the editor and images clear after sending.
 * An image the server refused stays as a red chip saying why, to try again or remove: Send waits
 * until every image is stored, so a message never goes out without the picture it was written with.
 * Edit mode saves into the message; reply mode quotes it above the editor; Escape cancels either.
 */
export function ChatComposer({
  conversationId,
  onSend,
  editing,
  onSaveEdit,
  replyTo,
  onCancelMode,
  onTyping,
}: ChatComposerProps) {
  const { t } = useTranslation();
  const [html, setHtml] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [saving, setSaving] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  /** Why an image was not attached (translated). */
  const [problem, setProblem] = useState<string | null>(null);

  // Entering edit mode puts the message's text in; leaving it empties the editor.
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setHtml(editing?.text ?? '');
  }

  const text = stripTrailingEmptyParagraphs(html);
  const hasText = htmlToPlainText(text).trim() !== '';
  const waiting = attachments.some((attachment) => !attachment.file);
  const failed = attachments.filter((attachment) => attachment.error);
  const files = attachments.flatMap((attachment) => (attachment.file ? [attachment.file] : []));
  const sendable = editing ? hasText && !saving : (hasText || files.length > 0) && !waiting;

  const change = (next: string) => {
    setHtml(next);
    if (next) onTyping();
  };

  const setAttachment = (key: string, patch: Partial<Attachment>) =>
    setAttachments((current) =>
      current.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    );

  const upload = (key: string, file: File) => {
    if (!conversationId) return;
    uploadImage(conversationId, file)
      .then((stored) => setAttachment(key, { file: stored }))
      .catch((caught: unknown) => setAttachment(key, { error: uploadFailure(t, caught) }));
  };

  const retry = (attachment: Attachment) => {
    setAttachment(attachment.key, { error: null });
    upload(attachment.key, attachment.source);
  };

  const attach = (picked: File[]) => {
    if (!conversationId) return;
    const refuse = (message: string) => setProblem(translateServerMessage(t, message));
    setProblem(null);
    const room = CHAT_FILES_MAX - attachments.length;
    if (picked.length > room) refuse(CHAT_MESSAGES.tooManyFiles);
    for (const file of picked.slice(0, Math.max(room, 0))) {
      if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        refuse(CHAT_MESSAGES.imageType);
        continue;
      }
      if (file.size > CHAT_IMAGE_MAX_BYTES) {
        refuse(CHAT_MESSAGES.imageTooLarge);
        continue;
      }
      const key = crypto.randomUUID();
      setAttachments((current) => [
        ...current,
        { key, name: file.name, source: file, file: null, error: null },
      ]);
      upload(key, file);
    }
  };

  const submit = async () => {
    if (!sendable) return;
    if (editing) {
      setSaving(true);
      try {
        await onSaveEdit(editing, text);
        onCancelMode();
      } catch (caught) {
        notifyError(caught);
      } finally {
        setSaving(false);
      }
      return;
    }
    onSend({ text, files, replyTo: replyTo ? quoteOf(replyTo) : null });
    setHtml('');
    setAttachments([]);
    if (replyTo) onCancelMode();
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    // An open '@' or '#' suggestion list takes Enter and Escape for itself.
    const target = event.target as HTMLElement;
    if (target.getAttribute('data-mantine-stop-propagation') === 'true') return;
    if (event.key === 'Escape' && (editing || replyTo)) {
      event.preventDefault();
      // Cancelling the mode is all Escape does here: the chat drawer around it stays open.
      event.stopPropagation();
      onCancelMode();
    } else if (
      event.key === 'Enter' &&
      target.isContentEditable &&
      !event.shiftKey &&
      !event.nativeEvent.isComposing
    ) {
      // Stopped before it reaches the editor, which would otherwise start a new paragraph.
      event.preventDefault();
      event.stopPropagation();
      void submit();
    }
  };

  const mode = editing ? t('chat:conversation.editingMessage') : null;
  return (
    <Stack gap={6} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {replyTo ? <ReplyQuote quote={quoteOf(replyTo)} onCancel={onCancelMode} /> : null}
      {mode ? (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {mode}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={onCancelMode}>
            {t('common:actions.cancel')}
          </Button>
        </Group>
      ) : null}
      {attachments.length ? (
        <Group gap={4} aria-label={t('chat:conversation.attachments')}>
          {attachments.map((attachment) => (
            <Group key={attachment.key} gap={2} wrap="nowrap">
              <Pill
                withRemoveButton
                // Mantine hides the remove button from the keyboard and screen readers: it is
                // the only way to take an image back, so it is a real button here.
                removeButtonProps={{
                  'aria-label': t('chat:conversation.removeImage', { name: attachment.name }),
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
                onRemove={() =>
                  setAttachments((current) => current.filter((item) => item.key !== attachment.key))
                }
                c={attachment.error ? 'red' : undefined}
                data-failed={attachment.error ? true : undefined}
              >
                <Group gap={4} wrap="nowrap">
                  {attachment.error ? (
                    <IconAlertTriangle size={12} aria-hidden />
                  ) : attachment.file ? null : (
                    <Loader size={10} />
                  )}
                  {attachment.name}
                </Group>
              </Pill>
              {attachment.error ? (
                <Tooltip label={t('chat:conversation.retryImage', { name: attachment.name })}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('chat:conversation.retryImage', { name: attachment.name })}
                    onClick={() => retry(attachment)}
                  >
                    <IconRefresh size={14} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ))}
        </Group>
      ) : null}
      {failed.map((attachment) => (
        <Text key={attachment.key} size="xs" c="red" role="alert">
          {t('chat:conversation.uploadFailed', {
            name: attachment.name,
            reason: attachment.error,
          })}
        </Text>
      ))}
      {problem ? (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {editing ? null : (
          <FileButton onChange={attach} accept={ACCEPT} multiple>
            {(props) => (
              <Tooltip
                label={
                  conversationId
                    ? t('chat:conversation.attach')
                    : t('chat:conversation.attachAfterFirst')
                }
              >
                <ActionIcon
                  {...props}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  disabled={!conversationId}
                  aria-label={t('chat:conversation.attach')}
                >
                  <IconPaperclip size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        )}
        <Box
          style={{
            flex: 1,
            minWidth: 0,
            maxHeight: replyTo ? REPLY_MAX_HEIGHT : EDITOR_MAX_HEIGHT,
            overflowY: 'auto',
          }}
          onKeyDownCapture={onKeyDownCapture}
        >
          <RichTextEditor
            value={html}
            onChange={change}
            ariaLabel={t('chat:conversation.editor')}
            placeholder={t('chat:conversation.placeholder')}
            minHeight={36}
          />
        </Box>
        <ActionIcon
          size="lg"
          onClick={() => void submit()}
          disabled={!sendable}
          loading={saving}
          aria-label={editing ? t('chat:conversation.save') : t('chat:conversation.send')}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

/** How a reply quotes the message it answers (the server fills the same shape). */
function quoteOf(message: ChatMessage): NonNullable<ChatMessage['replyTo']> {
  return {
    id: message.id,
    text: message.text,
    authorName: message.author?.displayName ?? '',
    hasFiles: message.files.length > 0,
  };
}
