import { useCallback, useEffect, useRef, useState } from 'react';
import { editorIn, insertAtCursor } from './editorInsert';
import { afterClose, nextNumber, readWorkspace, writeWorkspace, type PreviewRange, type WorkspaceState, type WorkspaceTab } from './tabs';

export type NewSqlTab = { text?: string; database?: string | null; source?: string };
export type NewPreviewTab = { table: string; database: string; source?: string; range: PreviewRange; text: string };

/**
 * The workspace's tabs of one instance: open, change, rename, close; every change is stored (tabs.ts). `insert`
 * puts a name from the tree at the open editor's cursor (each tab's pane registers itself with `paneRef`).
 */
export function useWorkspaceTabs(instanceId: string) {
  const [state, setState] = useState<WorkspaceState>(() => readWorkspace(instanceId));
  useEffect(() => writeWorkspace(instanceId, state), [instanceId, state]);
  const panes = useRef(new Map<string, HTMLElement>());
  const activeTab = useRef(state.active);
  useEffect(() => {
    activeTab.current = state.active;
  }, [state.active]);

  const open = useCallback((make: (n: number) => WorkspaceTab) => {
    setState((s) => {
      const tab = make(nextNumber(s.tabs));
      return { tabs: [...s.tabs, tab], active: tab.id };
    });
  }, []);

  const addSql = useCallback(
    (init: NewSqlTab = {}) => open((n) => ({ kind: 'sql', id: `q${n}`, n, text: init.text ?? '', database: init.database ?? null, ...(init.source ? { source: init.source } : {}) })),
    [open],
  );
  const addPreview = useCallback(
    (init: NewPreviewTab) =>
      open((n) => ({ kind: 'preview', id: `q${n}`, n, text: init.text, database: init.database, table: init.table, range: init.range, ...(init.source ? { source: init.source } : {}) })),
    [open],
  );
  const update = useCallback((id: string, patch: Partial<Omit<WorkspaceTab, 'id' | 'kind' | 'n'>>) => {
    setState((s) => ({ ...s, tabs: s.tabs.map((tab) => (tab.id === id ? ({ ...tab, ...patch } as WorkspaceTab) : tab)) }));
  }, []);
  const close = useCallback((id: string) => {
    setState((s) => ({ tabs: s.tabs.filter((tab) => tab.id !== id), active: s.active === id ? afterClose(s.tabs, id) : s.active }));
  }, []);
  const activate = useCallback((active: string) => setState((s) => (s.active === active ? s : { ...s, active })), []);

  const paneRef = useCallback((id: string) => (pane: HTMLElement | null) => {
    if (pane) panes.current.set(id, pane);
    else panes.current.delete(id);
  }, []);
  // Into the open editor tab; with a fixed tab open (the item panel, the builder), into a new SQL tab.
  const insert = useCallback((text: string) => {
    const view = editorIn(panes.current.get(activeTab.current));
    if (view) insertAtCursor(view, text);
    else addSql({ text });
  }, [addSql]);

  return { tabs: state.tabs, active: state.active, addSql, addPreview, update, close, activate, paneRef, insert };
}
