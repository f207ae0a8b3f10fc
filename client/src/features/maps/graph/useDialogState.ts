// Which of the graph editor's panels, dialogs and pointer menus is open, and what it is about.
import type { MapLink } from '@rules';
import { useState } from 'react';
import type { MenuTarget } from './GraphCanvas';
import type { GraphNode } from './scene';

export type Dialog =
  | 'settings'
  | 'mapEditor'
  | 'find'
  | 'rename'
  | 'saveAs'
  | 'waypoints'
  | 'addWaypoint'
  | 'problem'
  | 'story'
  | 'exit';

export function useDialogState() {
  const [panel, setPanel] = useState<'search' | 'loops' | null>(null);
  const [legend, setLegend] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [editedLink, setEditedLink] = useState<MapLink | null>(null);
  const [editedWaypoint, setEditedWaypoint] = useState<GraphNode | null>(null);
  const [doomedWaypoint, setDoomedWaypoint] = useState<GraphNode | null>(null);
  const [newLink, setNewLink] = useState<{
    source: string;
    target: string;
    at: { x: number; y: number };
  } | null>(null);
  const [menu, setMenu] = useState<{ target: MenuTarget; at: { x: number; y: number } } | null>(
    null,
  );
  const closeDialog = () => setDialog(null);

  return {
    panel,
    setPanel,
    legend,
    setLegend,
    dialog,
    setDialog,
    closeDialog,
    editedLink,
    setEditedLink,
    editedWaypoint,
    setEditedWaypoint,
    doomedWaypoint,
    setDoomedWaypoint,
    newLink,
    setNewLink,
    menu,
    setMenu,
  };
}

export type DialogState = ReturnType<typeof useDialogState>;
