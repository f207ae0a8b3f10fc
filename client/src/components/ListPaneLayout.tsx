import { Box, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page fills the window under the header (60) and, on mobile, above the bottom bar (64). */
const PAGE_HEIGHT = 'calc(100dvh - 60px - 2 * var(--mantine-spacing-md))';
const MOBILE_PAGE_HEIGHT = 'calc(100dvh - 60px - 64px - 2 * var(--mantine-spacing-xs))';
const PANE_STYLE = { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' } as const;

/**
 * A page of a list and the item open from it (/chat, /aichat): side by side, the list
 * `listWidth` wide; on a phone one at a time, the item while one is open (`paneOpen`).
 */
export function ListPaneLayout({
  list,
  pane,
  paneOpen,
  mobile,
  listWidth,
}: {
  list: ReactNode;
  pane: ReactNode;
  paneOpen: boolean;
  mobile: boolean;
  listWidth: number;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      h={mobile ? MOBILE_PAGE_HEIGHT : PAGE_HEIGHT}
      style={{ display: 'flex', overflow: 'hidden' }}
    >
      {mobile ? (
        <Box style={PANE_STYLE}>{paneOpen ? pane : list}</Box>
      ) : (
        <>
          <Box
            w={listWidth}
            style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }}
          >
            {list}
          </Box>
          <Box style={PANE_STYLE}>{pane}</Box>
        </>
      )}
    </Paper>
  );
}
