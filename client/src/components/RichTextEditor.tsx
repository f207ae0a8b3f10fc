import { useApolloClient } from '@apollo/client/react';
import {
  ActionIcon,
  Avatar,
  Box,
  Group,
  Input,
  Paper,
  Portal,
  Text,
  Typography,
  UnstyledButton,
} from '@mantine/core';
import { IconBold, IconHash, IconItalic, IconList, IconListNumbers } from '@tabler/icons-react';
import Mention, { type MentionNodeAttrs } from '@tiptap/extension-mention';
import { PluginKey } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type {
  SuggestionKeyDownProps,
  SuggestionOptions,
  SuggestionProps,
} from '@tiptap/suggestion';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTag, tagSchema } from '@rules';
import { useActiveSpace } from '../app/useActiveSpace';
import {
  AutocompleteDocument,
  type AutocompleteCollection,
  type AutocompleteQuery,
} from '../gql/graphql';
import classes from './RichTextEditor.module.css';

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

type SuggestionItem = AutocompleteQuery['autocomplete'][number];

/** An open '#' (tags) or '@' (participants) suggestion list. */
interface SuggestState {
  kind: AutocompleteCollection;
  items: SuggestionItem[];
  query: string;
  index: number;
  rect: DOMRect | null;
  command: (attrs: MentionNodeAttrs) => void;
}

/** The editor's HTML, or '' when it holds nothing (Tiptap reports an empty document as '<p></p>'). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * Rich-text input on Tiptap's StarterKit. Controlled by HTML: an outside change of `value` (a reset,
 * a prefill) replaces the content; typing reports through `onChange`. Typing '#' suggests tags of
 * the active space (Space or Enter commits the typed tag); '@' suggests participants, inserted as
 * mentions (`<span data-type="mention" data-id>`). A list opens only as the person types, never
 * for text the editor opens with, and Esc closes the list alone, not the dialog around it.
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
  const suggestions = useSuggestions();
  const errorId = id ? `${id}-error` : undefined;
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': ariaLabel,
    ...(id && { id }),
    ...(error && errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
    // Mantine's modals ignore an Esc from an element marked so: with the list shown, Esc closes it.
    'data-mantine-stop-propagation': String(suggestions.open),
    // The frame around it shows the focus (RichTextEditor.module.css).
    style: `min-height:${minHeight}px;outline:none;padding:var(--mantine-spacing-xs) 0`,
  };
  // Tiptap keeps the callbacks it was created with; a ref lets it always call the current one.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        horizontalRule: false,
      }),
      Mention.extend({
        addAttributes() {
          return {
            id: {
              default: null,
              parseHTML: (element: HTMLElement) => element.getAttribute('data-id'),
            },
            // The sanitiser keeps data-id only: the label is the text after '@'.
            label: {
              default: null,
              parseHTML: (element: HTMLElement) => element.textContent?.replace(/^@/u, '') ?? null,
            },
          };
        },
      }).configure({
        renderHTML: ({ node }) => [
          'span',
          { 'data-type': 'mention', 'data-id': String(node.attrs.id ?? '') },
          `@${String(node.attrs.label ?? node.attrs.id ?? '')}`,
        ],
        renderText: ({ node }) => `@${String(node.attrs.label ?? node.attrs.id ?? '')}`,
        suggestions: [suggestions.options('participants', '@'), suggestions.options('tags', '#')],
      }),
    ],
    content: value,
    autofocus: autoFocus ? 'end' : false,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // Attributes given at creation are not reactive: keep the label (language switch) and the error link current.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: JSON.parse(attributesKey) as Record<string, string>,
      },
    });
  }, [editor, attributesKey]);

  // A dialog that unmounts and remounts (Suspense inside a Modal) can hand an effect an editor
  // Tiptap has already destroyed; reading it then throws.
  useEffect(() => {
    if (editor.isDestroyed) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const isEmpty = useEditorState({
    editor,
    selector: ({ editor: current }) => current.isEmpty,
  });

  return (
    <Box>
      <Box className={classes.frame} mod={{ error: Boolean(error) }}>
        <Toolbar editor={editor} />
        <Box pos="relative" px="sm" py={4}>
          {isEmpty && placeholder ? (
            <Text
              aria-hidden
              c="dimmed"
              pos="absolute"
              style={{
                pointerEvents: 'none',
                top: 'calc(var(--mantine-spacing-xs) + 4px)',
              }}
            >
              {placeholder}
            </Text>
          ) : null}
          <Typography>
            <EditorContent editor={editor} />
          </Typography>
        </Box>
      </Box>
      {suggestions.popup}
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
    {
      key: 'bold',
      label: t('stories:editor.bold'),
      icon: IconBold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t('stories:editor.italic'),
      icon: IconItalic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
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

const SUGGESTION_WIDTH = 260;

/**
 * The '#' and '@' suggestion lists: their Tiptap options (fetching from `autocomplete` in the
 * active space) and the popup listing them. The options are made once with the editor, so they
 * read the current space and state through refs.
 */
function useSuggestions() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const { spaceId } = useActiveSpace();
  const [state, setState] = useState<SuggestState | null>(null);
  const stateRef = useRef<SuggestState | null>(null);
  const spaceRef = useRef(spaceId);
  useEffect(() => {
    stateRef.current = state;
    spaceRef.current = spaceId;
  }, [state, spaceId]);

  const fetchItems = async (
    kind: AutocompleteCollection,
    query: string,
  ): Promise<SuggestionItem[]> => {
    if (!query.trim()) return [];
    try {
      const { data } = await client.query({
        query: AutocompleteDocument,
        variables: {
          searchParam: query,
          collection: kind,
          spaceId: spaceRef.current || null,
        },
        fetchPolicy: 'network-only',
      });
      return data?.autocomplete ?? [];
    } catch {
      return [];
    }
  };

  const show = (
    kind: AutocompleteCollection,
    props: SuggestionProps<SuggestionItem, MentionNodeAttrs>,
  ) => {
    const next = {
      kind,
      items: props.items,
      query: props.query,
      index: 0,
      rect: props.clientRect?.() ?? null,
      command: props.command,
    };
    stateRef.current = next;
    setState(next);
  };

  const close = () => {
    stateRef.current = null;
    setState(null);
  };

  const choose = (item: SuggestionItem) => {
    stateRef.current?.command({ id: item.id, label: item.name });
  };

  // Tiptap itself answers Esc (it ends the suggestion, and onExit closes the list).
  const onKeyDown = ({ event }: SuggestionKeyDownProps) => {
    const current = stateRef.current;
    if (!current) return false;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && current.items.length) {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const index = (current.index + step + current.items.length) % current.items.length;
      const next = { ...current, index };
      stateRef.current = next;
      setState(next);
      return true;
    }
    if (event.key === 'Enter') {
      const item = current.items[current.index];
      if (item) {
        choose(item);
        return true;
      }
      // Enter commits the typed tag as it is.
      if (current.kind === 'tags' && tagSchema.safeParse(current.query).success) {
        current.command({ id: normalizeTag(current.query), label: null });
        return true;
      }
    }
    return false;
  };

  const options = (
    kind: AutocompleteCollection,
    char: string,
  ): Omit<SuggestionOptions<SuggestionItem, MentionNodeAttrs>, 'editor'> => ({
    char,
    pluginKey: new PluginKey(`suggest-${kind}`),
    // Opens on the person's own edit ('preventUpdate' marks content set from outside), then stays
    // open while the cursor moves inside the match: text the editor opens with ending in '#tag'
    // does not pop a list up.
    shouldShow: ({ transaction }) =>
      (transaction.docChanged && !transaction.getMeta('preventUpdate')) ||
      stateRef.current?.kind === kind,
    items: ({ query }) => fetchItems(kind, query),
    command: ({ editor, range, props }) => {
      if (kind === 'tags') {
        // A tag stays plain text: the hashtag rules read the text.
        editor
          .chain()
          .focus()
          .insertContentAt(range, `#${props.id ?? ''} `)
          .run();
        return;
      }
      editor
        .chain()
        .focus()
        .insertContentAt(range, [
          { type: 'mention', attrs: { id: props.id, label: props.label } },
          { type: 'text', text: ' ' },
        ])
        .run();
    },
    render: () => ({
      onStart: (props) => show(kind, props),
      onUpdate: (props) => show(kind, props),
      onKeyDown,
      onExit: close,
    }),
  });

  const popup =
    state && state.items.length && state.rect ? (
      <Portal>
        <Paper
          shadow="md"
          withBorder
          radius="sm"
          p={4}
          role="listbox"
          aria-label={
            state.kind === 'tags'
              ? t('stories:editor.tagSuggestions')
              : t('stories:editor.peopleSuggestions')
          }
          style={{
            position: 'fixed',
            top: state.rect.bottom + 4,
            left: Math.max(8, Math.min(state.rect.left, window.innerWidth - SUGGESTION_WIDTH - 8)),
            width: SUGGESTION_WIDTH,
            zIndex: 1000,
          }}
        >
          {state.items.map((item, index) => (
            <UnstyledButton
              key={item.id}
              role="option"
              aria-selected={index === state.index}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(item);
              }}
              w="100%"
              px="xs"
              py={6}
              style={{
                borderRadius: 4,
                background:
                  index === state.index ? 'var(--mantine-color-default-hover)' : undefined,
              }}
            >
              <Group gap="xs" wrap="nowrap">
                {state.kind === 'tags' ? (
                  <IconHash size={16} />
                ) : (
                  <Avatar
                    size={22}
                    radius="xl"
                    src={item.photoURL || null}
                    name={item.name}
                    color="initials"
                  />
                )}
                <Text size="sm" truncate>
                  {item.name}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      </Portal>
    ) : null;

  return { options, popup, open: popup !== null };
}
