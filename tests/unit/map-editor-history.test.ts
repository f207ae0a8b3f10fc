import { MAP_HISTORY_MAX } from '@rules';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_MERGE_MS,
  canRedo,
  canUndo,
  historyOf,
  record,
  redo,
  undo,
} from '../../client/src/features/maps/graph/editorHistory';

describe('the graph editor history', () => {
  it('undoes and redoes changes in order', () => {
    let history = historyOf('a');
    history = record(history, 'b', { now: 0 });
    history = record(history, 'c', { now: 5000 });
    expect(history.present).toBe('c');
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(canUndo(history)).toBe(false);
    history = redo(history);
    expect(history.present).toBe('b');
    history = redo(history);
    expect(history.present).toBe('c');
    expect(canRedo(history)).toBe(false);
  });

  it('forgets what could be redone once a new change is made', () => {
    let history = record(record(historyOf(1), 2, { now: 0 }), 3, { now: 5000 });
    history = undo(history);
    history = record(history, 4, { now: 10_000 });
    expect(history.present).toBe(4);
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe(2);
  });

  it(`keeps at most ${MAP_HISTORY_MAX} steps to undo`, () => {
    let history = historyOf(0);
    for (let step = 1; step <= MAP_HISTORY_MAX + 20; step++)
      history = record(history, step, { now: step * 10_000 });
    let undone = 0;
    while (canUndo(history)) {
      history = undo(history);
      undone++;
    }
    expect(undone).toBe(MAP_HISTORY_MAX);
    expect(history.present).toBe(20);
  });

  it('merges changes of one kind made within a second into one step', () => {
    let history = historyOf('');
    history = record(history, 'W', { now: 0, mergeKey: 'label' });
    history = record(history, 'Wa', { now: HISTORY_MERGE_MS / 2, mergeKey: 'label' });
    history = record(history, 'Wat', { now: HISTORY_MERGE_MS, mergeKey: 'label' });
    expect(history.present).toBe('Wat');
    expect(undo(history).present).toBe('');
  });

  it('keeps changes of another kind, or further apart, as steps of their own', () => {
    let history = historyOf(0);
    history = record(history, 1, { now: 0, mergeKey: 'width' });
    history = record(history, 2, { now: 100, mergeKey: 'color' });
    history = record(history, 3, { now: 100 + HISTORY_MERGE_MS + 1, mergeKey: 'color' });
    expect(undo(history).present).toBe(2);
    expect(undo(undo(history)).present).toBe(1);
  });

  it('ignores a change to the same value and an undo or redo with nothing to do', () => {
    const history = historyOf('same');
    expect(record(history, 'same')).toBe(history);
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });
});
