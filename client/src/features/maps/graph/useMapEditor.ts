import { useApolloClient, useSubscription } from '@apollo/client/react';
import { parseMapNodeKey, type MapPositions } from '@rules';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess, serverErrorOf } from '../../../components/notify';
import {
  MapEditorMapSavedDocument,
  MapGraphDocument,
  ProgressMapDocument,
  type MapGraphFragment,
  type ProgressMapDetailFragment,
  type UpdateMapInput,
} from '../../../gql/graphql';
import { mapPath } from '../mapPaths';
import { notifyMapFailure } from '../mapToasts';
import { useMapMutations } from '../useMapMutations';
import { canRedo, canUndo, historyOf, record, redo, undo, type History } from './editorHistory';
import {
  draftChanged,
  draftOf,
  remapWaypoints,
  saveInputOf,
  waypointMapping,
  type MapDraft,
} from './mapDraft';
import { useGraphMutations } from './useGraphMutations';

interface EditorState {
  /** The map as loaded (or as last saved or reloaded), and its version. */
  base: MapDraft;
  version: number;
  history: History<MapDraft>;
  editing: boolean;
  /** Someone else saved a newer version while this editor had changes. */
  remoteVersion: number | null;
  /** The last save was refused as stale. */
  conflict: boolean;
}

const freshState = (map: ProgressMapDetailFragment | null, editing = false): EditorState => {
  const base = draftOf(map);
  return {
    base,
    version: map?.version ?? 0,
    history: historyOf(base),
    editing,
    remoteVersion: null,
    conflict: false,
  };
};

const waypointsOf = (graph: MapGraphFragment) =>
  graph.nodes.filter((node) => node.kind === 'waypoint');

/** The draft with the positions the canvas shows (laid out, never moved) written in. */
const withPositions = (draft: MapDraft, shown: MapPositions): MapDraft => {
  const missing = Object.keys(shown).some((key) => !draft.positions2d[key]);
  return missing ? { ...draft, positions2d: { ...shown, ...draft.positions2d } } : draft;
};

/** A change's input for another map (a copy): no name (the copy has its own), no collaborators. */
function withoutOwnership(input: UpdateMapInput): UpdateMapInput {
  const rest = { ...input };
  delete rest.name;
  delete rest.collaboratorIds;
  return rest;
}

/**
 * The graph editor's state: the map's draft with undo and redo, edit mode, saving (with the
 * version it started from: a stale save opens the conflict choice, never overwrites), Save As,
 * and saves by others arriving live (applied at once, or announced when this editor has changes).
 */
export function useMapEditor({
  map,
  graph,
  recipe,
}: {
  map: ProgressMapDetailFragment | null;
  graph: MapGraphFragment;
  recipe: boolean;
}) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const mutations = useGraphMutations();
  const { copyMap } = useMapMutations();
  const [state, setState] = useState(() => freshState(map));
  const [copying, setCopying] = useState(false);
  /** While a save is on its way, the map's new version in the cache is this editor's own. */
  const savingRef = useRef(false);
  /** Set when the editor itself leaves the page (to a saved copy): no unsaved-changes question. */
  const leavingRef = useRef(false);

  const draft = state.history.present;
  const dirty = useMemo(() => draftChanged(state.base, draft), [state.base, draft]);

  const mapId = map?.id ?? null;
  useSubscription(MapEditorMapSavedDocument, {
    variables: { id: mapId ?? '' },
    skip: !mapId,
    ignoreResults: true,
    // The map itself updates in the cache (normalised by id); its graph may have changed too.
    onData: () => void mutations.refetchGraph(),
    onError: (caught) => console.warn('progressMapSaved subscription ended', caught),
  });

  // A newer version arrived (someone's save, live or on a refetch).
  const mapVersion = map?.version ?? 0;
  useEffect(() => {
    if (!map || savingRef.current) return;
    setState((current) => {
      if (mapVersion <= current.version) return current;
      if (!draftChanged(current.base, current.history.present))
        return { ...freshState(map, current.editing) };
      return { ...current, remoteVersion: mapVersion };
    });
    // Only a new version matters; the map object changes with every cache write.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapVersion]);

  const change = useCallback((update: (draft: MapDraft) => MapDraft, mergeKey?: string) => {
    setState((current) => {
      const next = update(current.history.present);
      return next === current.history.present
        ? current
        : { ...current, history: record(current.history, next, { mergeKey }) };
    });
  }, []);

  const fetchLatest = async (id: string) => {
    const { data } = await client.query({
      query: ProgressMapDocument,
      variables: { id },
      fetchPolicy: 'network-only',
    });
    return data?.progressMap ?? null;
  };

  /** Discards this editor's changes for the map as saved now. */
  const reload = async () => {
    if (!map) return;
    try {
      const latest = await fetchLatest(map.id);
      setState((current) => freshState(latest ?? map, current.editing));
      void mutations.refetchGraph();
    } catch (error) {
      notifyMapFailure(t('mapEditor:toasts.reloadFailed'), error);
    }
  };

  const failureTitle = recipe
    ? t('mapEditor:toasts.recipeFailed')
    : t('mapEditor:toasts.updateFailed');

  /** Saves the changes; `shown` are the positions on the canvas (an automatic layout is kept). */
  const save = async (shown: MapPositions) => {
    if (!map || !map.canEdit || savingRef.current) return;
    const toSave = withPositions(draft, shown);
    const input = saveInputOf(state.base, toSave, state.version);
    if (Object.keys(input).length === 1) return;
    savingRef.current = true;
    try {
      const saved = await mutations.saveMap(map.id, input);
      setState((current) => ({
        ...current,
        base: toSave,
        version: saved.version,
        // The canvas's positions become the draft's without an undo step of their own.
        history:
          current.history.present === draft
            ? { ...current.history, present: toSave }
            : current.history,
        remoteVersion: null,
        conflict: false,
      }));
      notifySuccess(recipe ? t('mapEditor:toasts.recipeUpdated') : t('mapEditor:toasts.updated'));
      if (input.settings) void mutations.refetchGraph();
    } catch (error) {
      if (serverErrorOf(error).code === 'CONFLICT')
        setState((current) => ({ ...current, conflict: true }));
      else notifyMapFailure(failureTitle, error);
    } finally {
      savingRef.current = false;
    }
  };

  /**
   * Save As: a copy of the map as the server has it, this editor's changes applied to it (its
   * waypoints are new ones: links and positions follow them), then the copy opens.
   */
  const saveCopy = async (name: string | null, shown: MapPositions) => {
    if (!map) return;
    setCopying(true);
    try {
      const copy = await copyMap(map.id, name ?? undefined);
      let result = copy;
      const toApply = withPositions(draft, shown);
      if (draftChanged(state.base, toApply)) {
        let base = state.base;
        let mine = toApply;
        const usesWaypoints = [
          ...mine.links.flatMap((link) => [link.source, link.target]),
          ...Object.keys(mine.positions2d),
        ].some((key) => parseMapNodeKey(key)?.kind === 'waypoint');
        if (usesWaypoints) {
          const { data } = await client.query({
            query: MapGraphDocument,
            variables: { id: copy.id },
            fetchPolicy: 'network-only',
          });
          const mapping = waypointMapping(
            waypointsOf(graph),
            data ? waypointsOf(data.mapGraph) : [],
          );
          base = remapWaypoints(base, mapping);
          mine = remapWaypoints(mine, mapping);
        }
        const input = withoutOwnership(saveInputOf(base, mine, copy.version));
        if (Object.keys(input).length > 1) result = await mutations.saveMap(copy.id, input);
      }
      notifySuccess(t('mapEditor:toasts.copied', { name: result.name }));
      // The copy is saved: leaving this map's page is no loss of work.
      setState((current) => ({ ...current, history: historyOf(current.base), conflict: false }));
      leavingRef.current = true;
      void navigate(mapPath(result));
    } catch (error) {
      notifyMapFailure(t('mapEditor:toasts.copyFailed'), error);
    } finally {
      setCopying(false);
    }
  };

  return {
    draft,
    base: state.base,
    dirty,
    editing: state.editing,
    saving: mutations.saving,
    copying,
    conflict: state.conflict,
    remoteSave: state.remoteVersion !== null,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
    change,
    undo: () => setState((current) => ({ ...current, history: undo(current.history) })),
    redo: () => setState((current) => ({ ...current, history: redo(current.history) })),
    /** Edit mode, for the map's author and collaborators (only they are offered it). */
    startEditing: () => {
      if (map?.canEdit) setState((current) => ({ ...current, editing: true }));
    },
    /** Leaves edit mode, dropping unsaved changes. */
    exitEditing: () =>
      setState((current) => ({ ...current, editing: false, history: historyOf(current.base) })),
    closeConflict: () => setState((current) => ({ ...current, conflict: false })),
    reload,
    save,
    saveCopy,
    leavingRef,
    mutations,
  };
}

export type MapEditor = ReturnType<typeof useMapEditor>;
