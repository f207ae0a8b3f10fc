import { ActionIcon, type MantineSize } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Menu } from './overlays';

/**
 * The actions of a row or a page behind one small icon button (⋯ unless told), opening below
 * its right edge; `children` are its `Menu.Item`s (from `components/overlays`).
 */
export function IconMenu({
  label,
  icon: ButtonIcon = IconDots,
  iconSize = 18,
  size,
  children,
}: {
  /** Accessible name of the button, e.g. "Message actions". */
  label: string;
  icon?: Icon;
  iconSize?: number;
  size?: MantineSize;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={size} aria-label={label}>
          <ButtonIcon size={iconSize} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
