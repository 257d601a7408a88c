import type { ReactNode } from 'react';
import { createStore, useStore } from '../../state/store';

/**
 * One global dialog at a time (platform-shell.md §2 Dialogs): opening a dialog replaces the one that is open.
 * A dialog is a render function that receives `close`; <DialogHost/> renders the current one.
 */
export type DialogRender = (close: () => void) => ReactNode;

interface DialogState {
  id: number;
  render: DialogRender;
}

const dialogs = createStore<DialogState | null>(null);
let nextId = 1;

export function openDialog(render: DialogRender): () => void {
  const id = nextId++;
  dialogs.set({ id, render });
  return () => closeDialog(id);
}

/** Closes the dialog with this id (a stale close of a replaced dialog does nothing), or whatever is open. */
export function closeDialog(id?: number): void {
  dialogs.set((current) => (current && (id === undefined || current.id === id) ? null : current));
}

export function useCurrentDialog(): DialogState | null {
  return useStore(dialogs, (d) => d);
}
