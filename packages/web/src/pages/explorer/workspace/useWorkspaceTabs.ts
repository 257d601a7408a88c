import { useCallback, useEffect, useState } from 'react';
import { afterClose, nextNumber, readWorkspace, writeWorkspace, type PreviewRange, type WorkspaceState, type WorkspaceTab } from './tabs';

export type NewSqlTab = { text?: string; database?: string | null; source?: string };
export type NewPreviewTab = { table: string; database: string; source?: string; range: PreviewRange; text: string };

/** The workspace's tabs of one instance: open, change, rename, close; every change is stored (tabs.ts). */
export function useWorkspaceTabs(instanceId: string) {
  const [state, setState] = useState<WorkspaceState>(() => readWorkspace(instanceId));
  useEffect(() => writeWorkspace(instanceId, state), [instanceId, state]);

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

  return { tabs: state.tabs, active: state.active, addSql, addPreview, update, close, activate };
}
