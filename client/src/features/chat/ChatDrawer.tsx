import { Center, Drawer, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatNavigationContext, type ChatNavigation, type ChatTarget } from './chatNavigation';
import { ConversationList } from './ConversationList';

// A conversation brings the editor (Tiptap and ProseMirror): it loads when one is first opened,
// not with the shell that holds the drawer.
const ConversationPane = lazy(() =>
  import('./ConversationPane').then((module) => ({ default: module.ConversationPane })),
);

/** 000 §2: the chat drawer is 350 px wide on desktop and the full width on mobile. */
const DRAWER_WIDTH = 350;

/**
 * The chat drawer (000 §2, §4): the active space's lists, or one open conversation with a way
 * back to them. It keeps the open conversation while closed, as the spec's drawer does.
 */
export function ChatDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [target, setTarget] = useState<ChatTarget | null>(null);
  const navigation = useMemo<ChatNavigation>(
    () => ({
      host: 'drawer',
      open: setTarget,
      close: () => setTarget(null),
      dismiss: onClose,
    }),
    [onClose],
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : DRAWER_WIDTH}
      title={t('chat:drawer.label')}
      closeButtonProps={{ 'aria-label': t('chat:drawer.close') }}
      // Mantine closes every open modal on Esc; a dialog opened from the chat (its own portal)
      // must close alone. So Esc closes the drawer only when pressed in the drawer itself.
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) onClose();
      }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        // An open conversation fills the height: its list scrolls, its composer stays at the bottom.
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      <ChatNavigationContext.Provider value={navigation}>
        {target ? (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            }
          >
            <ConversationPane target={target} onBack={() => setTarget(null)} />
          </Suspense>
        ) : (
          <ConversationList />
        )}
      </ChatNavigationContext.Provider>
    </Drawer>
  );
}
