/**
 * Opens the report dialog from anywhere with `useReport()(target)`; signed out, the login box opens
 * instead and the dialog follows the sign-in. The dialog itself (ReportDialog.tsx) loads with its
 * first opening.
 */
import { createContext, lazy, useCallback, useContext, useState, type ReactNode } from 'react';
import { MountOnce } from '../../components/MountOnce';
import { useRequireSignIn } from '../auth';
import type { ReportTarget } from './reportTargets';

const ReportDialog = lazy(() =>
  import('./ReportDialog').then((m) => ({ default: m.ReportDialog })),
);

type OpenReport = (target: ReportTarget) => void;

const ReportContext = createContext<OpenReport | null>(null);

export function ReportDialogProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  // A new key per opening: the form starts empty each time (spec §4).
  const [opening, setOpening] = useState(0);
  const open = useCallback<OpenReport>((next) => {
    setTarget(next);
    setOpening((count) => count + 1);
  }, []);
  return (
    <ReportContext.Provider value={open}>
      {children}
      <MountOnce when={target !== null}>
        <ReportDialog key={opening} target={target} onClose={() => setTarget(null)} />
      </MountOnce>
    </ReportContext.Provider>
  );
}

/** Opens the report dialog for an item; signed out, the login box first. */
export function useReport(): OpenReport {
  const open = useContext(ReportContext);
  if (!open) throw new Error('useReport needs <ReportDialogProvider> (the app root renders it)');
  const requireSignIn = useRequireSignIn();
  return useCallback(
    (target: ReportTarget) => requireSignIn(() => open(target), { resume: true }),
    [open, requireSignIn],
  );
}
