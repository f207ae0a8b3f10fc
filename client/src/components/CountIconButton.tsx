// A header icon button with a red count on it (Chat, the notification bell); its name says the
// count too, for screen readers and the tooltip.
import { ActionIcon, Indicator } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tooltip } from './overlays';

export function CountIconButton({
  label,
  count,
  testId,
  icon,
  ...action
}: {
  label: string;
  count: number;
  testId: string;
  icon: ReactNode;
} & ({ to: string } | { onClick: () => void })) {
  const button = {
    variant: 'subtle',
    color: 'gray',
    size: 'lg',
    radius: 'xl',
    'aria-label': label,
    children: icon,
  } as const;
  return (
    <Tooltip label={label}>
      <Indicator
        label={count}
        size={18}
        offset={4}
        color="red"
        disabled={count === 0}
        data-testid={testId}
      >
        {'to' in action ? (
          <ActionIcon component={Link} to={action.to} {...button} />
        ) : (
          <ActionIcon onClick={action.onClick} {...button} />
        )}
      </Indicator>
    </Tooltip>
  );
}
