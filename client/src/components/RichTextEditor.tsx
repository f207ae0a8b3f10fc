import { ActionIcon, Box, Group, Input, Text, Typography } from '@mantine/core';
import { IconBold, IconItalic, IconList, IconListNumbers } from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editable area (what a screen reader and a test look it up by). */
  ariaLabel: string;
  placeholder?: string;
  /** Shown under the editor and announced with it. */
  error?: ReactNode;
  minHeight?: number;
  autoFocus?: boolean;
  id?: string;
}

/** The editor's HTML, or '' when it holds nothing (Tiptap reports an empty document as '<p></p>'). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * Rich-text input on Tiptap's StarterKit. Controlled by HTML: an outside change of `value` (a reset,
 * a prefill) replaces the content; typing reports through `onChange`.
 */
export function RichTextEditor({
  value,
  onChange,
  ariaLabel,
  placeholder,
  error,
  minHeight = 120,
  autoFocus = false,
  id,
}: RichTextEditorProps) {
  const errorId = id ? `${id}-error` : undefined;
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': ariaLabel,
    ...(id && { id }),
    ...(error && errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
    style: `min-height:${minHeight}px;outline:none;padding:var(--mantine-spacing-xs) 0`,
  };
  // Tiptap keeps the callbacks it was created with; a ref lets it always call the current one.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false })],
    content: value,
    autofocus: autoFocus ? 'end' : false,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // Attributes given at creation are not reactive: keep the label (language switch) and the error link current.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const isEmpty = useEditorState({ editor, selector: ({ editor: current }) => current.isEmpty });

  return (
    <Box>
      <Box
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Toolbar editor={editor} />
        <Box pos="relative" px="sm" py={4}>
          {isEmpty && placeholder ? (
            <Text
              aria-hidden
              c="dimmed"
              pos="absolute"
              style={{ pointerEvents: 'none', top: 'calc(var(--mantine-spacing-xs) + 4px)' }}
            >
              {placeholder}
            </Text>
          ) : null}
          <Typography>
            <EditorContent editor={editor} />
          </Typography>
        </Box>
      </Box>
      {error ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });
  const buttons = [
    { key: 'bold', label: t('stories:editor.bold'), icon: IconBold, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', label: t('stories:editor.italic'), icon: IconItalic, run: () => editor.chain().focus().toggleItalic().run() },
    {
      key: 'bulletList',
      label: t('stories:editor.bulletList'),
      icon: IconList,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: t('stories:editor.orderedList'),
      icon: IconListNumbers,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ] as const;
  return (
    <Group
      gap={4}
      px={6}
      py={4}
      role="toolbar"
      aria-label={t('stories:editor.toolbar')}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {buttons.map(({ key, label, icon: Icon, run }) => (
        <ActionIcon
          key={key}
          variant={state?.[key] ? 'light' : 'subtle'}
          color="gray"
          size="sm"
          aria-label={label}
          aria-pressed={state?.[key] ?? false}
          onClick={run}
        >
          <Icon size={16} />
        </ActionIcon>
      ))}
    </Group>
  );
}
