/**
 * The explorer workspace's own tabs (issue 13, "schema tree beside the SQL editor"): SQL editor tabs and data
 * previews, each with its text and current database, kept per instance in localStorage across reloads. The item
 * panel, the query builder and the running queries are fixed tabs, not stored here.
 */
export type PreviewRange = { preset: PreviewPreset } | { from: number; to: number };
export const PREVIEW_PRESETS = ['15m', '1h', '24h', '7d'] as const;
export type PreviewPreset = (typeof PREVIEW_PRESETS)[number];

interface TabBase {
  id: string;
  /** Number shown in the default title ("Query 3"). */
  n: number;
  /** The user's own title (double-click to rename); none: the default one. */
  title?: string;
  text: string;
  /** The tab's current database (issue 13 item 3): the picker and `USE db` set it. */
  database: string | null;
  /** A shared or platform database's tree item key: the tab reads it through its access code (item 7). */
  source?: string;
}

export type SqlTab = TabBase & { kind: 'sql' };
/** A table's newest rows in a time range; `text` is the statement shown, editable. */
export type PreviewTab = TabBase & { kind: 'preview'; table: string; range: PreviewRange };
export type WorkspaceTab = SqlTab | PreviewTab;

export interface WorkspaceState {
  tabs: WorkspaceTab[];
  /** The open tab: a workspace tab's id or a fixed tab's key. */
  active: string;
}

export const ITEM_TAB = 'item';
export const BUILDER_TAB = 'builder';
export const QUERIES_TAB = 'queries';

export const workspaceKey = (instanceId: string) => `tscloud.explorer.workspace.${instanceId}`;

const EMPTY: WorkspaceState = { tabs: [], active: ITEM_TAB };

function isTab(value: unknown): value is WorkspaceTab {
  const tab = value as WorkspaceTab;
  return (
    typeof tab === 'object' && tab !== null && typeof tab.id === 'string' && typeof tab.n === 'number' && typeof tab.text === 'string' &&
    (tab.kind === 'sql' || (tab.kind === 'preview' && typeof tab.table === 'string' && typeof tab.range === 'object' && tab.range !== null))
  );
}

/** What was stored for the instance; anything unreadable (an older shape, edited by hand) is dropped, not fatal. */
export function readWorkspace(instanceId: string, storage: Storage = window.localStorage): WorkspaceState {
  try {
    const stored = JSON.parse(storage.getItem(workspaceKey(instanceId)) ?? 'null') as Partial<WorkspaceState> | null;
    if (!stored || !Array.isArray(stored.tabs)) return EMPTY;
    const tabs = stored.tabs.filter(isTab).map((tab) => ({ ...tab, database: tab.database ?? null }));
    return { tabs, active: typeof stored.active === 'string' ? stored.active : ITEM_TAB };
  } catch {
    return EMPTY;
  }
}

export function writeWorkspace(instanceId: string, state: WorkspaceState, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(workspaceKey(instanceId), JSON.stringify(state));
  } catch {
    // A full or refused storage loses the tabs on reload, not the work in the page.
  }
}

/** The next tab's number and id: one more than the highest in use, so ids never repeat among open tabs. */
export function nextNumber(tabs: readonly WorkspaceTab[]): number {
  return tabs.reduce((max, tab) => Math.max(max, tab.n), 0) + 1;
}

/** The tab to open when `closing` closes: its left neighbour, else its right one, else the item panel. */
export function afterClose(tabs: readonly WorkspaceTab[], closing: string): string {
  const at = tabs.findIndex((tab) => tab.id === closing);
  const rest = tabs.filter((tab) => tab.id !== closing);
  return rest[Math.max(0, at - 1)]?.id ?? ITEM_TAB;
}
