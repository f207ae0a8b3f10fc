// What the graph toolbar's buttons do, and the editing shortcuts (undo, redo, save).
import type { MapPositions } from '@rules';
import { useHotkeys } from '@mantine/hooks';
import type { ToolbarAction } from './GraphToolbar';
import type { DialogState } from './useDialogState';
import type { DraftEdits } from './useDraftEdits';
import type { LoopsAndPlay } from './useLoopsAndPlay';
import type { MapEditor } from './useMapEditor';
import type { Selection } from './useMapSelection';

/** The toolbar's onAction; also registers the editing shortcuts. */
export function useToolbarActions({
  editor,
  dialogs,
  edits,
  play,
  selection,
  positions,
  fit,
  exportMap,
}: {
  editor: MapEditor;
  dialogs: DialogState;
  edits: DraftEdits;
  play: LoopsAndPlay;
  selection: Selection;
  /** The positions on the canvas: saving keeps an automatic layout. */
  positions: MapPositions;
  fit: () => void;
  exportMap: (format: 'png' | 'svg' | 'json') => Promise<void>;
}) {
  const { panel, setPanel, legend, setLegend, setDialog, setEditedWaypoint } = dialogs;
  const { deleteSelection, tidy } = edits;
  const { playFrom, startPlay, player } = play;

  const onAction = (action: ToolbarAction) => {
    switch (action) {
      case 'edit':
        editor.startEditing();
        return;
      case 'copy':
      case 'saveAs':
        setDialog('saveAs');
        return;
      case 'search':
        setPanel(panel === 'search' ? null : 'search');
        return;
      case 'loops':
        setPanel(panel === 'loops' ? null : 'loops');
        return;
      case 'legend':
        setLegend(!legend);
        return;
      case 'fit':
        fit();
        return;
      case 'find':
        setDialog('find');
        return;
      case 'save':
        void editor.save(positions);
        return;
      case 'rename':
        setDialog('rename');
        return;
      case 'exit':
        if (editor.dirty) setDialog('exit');
        else editor.exitEditing();
        return;
      case 'undo':
        editor.undo();
        return;
      case 'redo':
        editor.redo();
        return;
      case 'delete':
        deleteSelection(selection.nodes, selection.links);
        return;
      case 'settings':
      case 'mapEditor':
      case 'waypoints':
        setDialog(action);
        return;
      case 'addWaypoint':
        setEditedWaypoint(null);
        setDialog('addWaypoint');
        return;
      case 'addProblem':
        setDialog('problem');
        return;
      case 'addStory':
        setDialog('story');
        return;
      case 'tidy':
        tidy();
        return;
      case 'play':
        startPlay(playFrom ?? selection.nodes[0] ?? null);
        if (!playFrom && !selection.nodes[0]) setPanel('loops');
        return;
      case 'stop':
        player.stop();
        return;
      case 'exportPng':
        void exportMap('png');
        return;
      case 'exportSvg':
        void exportMap('svg');
        return;
      case 'exportJson':
        void exportMap('json');
    }
  };
  useHotkeys(
    editor.editing
      ? [
          ['mod+Z', () => editor.undo()],
          ['mod+shift+Z', () => editor.redo()],
          ['mod+S', () => void editor.save(positions)],
        ]
      : [],
  );
  return onAction;
}
