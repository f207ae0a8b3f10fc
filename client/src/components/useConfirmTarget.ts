import { useState } from 'react';

/**
 * What a ConfirmDialog asks about (the row to delete, revoke or sign out) and whether it is open.
 * The target outlives `close`, so the dialog's words do not change as it fades out.
 */
export function useConfirmTarget<Target>() {
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    target,
    opened,
    ask: (next: Target) => {
      setTarget(next);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}
