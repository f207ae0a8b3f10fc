// Mantine's floating and modal components, downloaded on first use (see ./index.tsx).
export { Menu, Modal, Popover, Tooltip } from '@mantine/core';
