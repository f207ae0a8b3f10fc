import { EmptyState, type MantineSpacing } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What a list or page shows when it has nothing: its icon in a soft circle, a title, maybe a hint
 * and an action (a button that fills it, or signs in).
 */
export function EmptyNotice({
  icon: NoticeIcon,
  iconSize = 32,
  title,
  hint,
  action,
  py = 'xl',
}: {
  icon: Icon;
  iconSize?: number;
  title: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
  py?: MantineSpacing;
}) {
  return (
    <EmptyState
      icon={<NoticeIcon size={iconSize} />}
      withIndicatorBackground
      title={title}
      description={hint}
      py={py}
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
