// Leaving the graph editor with unsaved changes: another page of the app asks first (the blocker,
// answered by the UnsavedChangesDialog), closing or reloading the tab asks the browser's question.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import type { MapEditor } from './useMapEditor';

export function useUnsavedChangesGuard(editor: MapEditor) {
  const unsaved = editor.editing && editor.dirty;
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current &&
      !editor.leavingRef.current &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return blocker;
}
