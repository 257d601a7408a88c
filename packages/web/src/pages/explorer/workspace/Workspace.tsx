import type { ReactNode } from 'react';
import { Alert, Card, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import type { SqlTarget } from '../../../data/sql/run';
import { QueryBuilder } from '../builder/QueryBuilder';
import { sharedTarget, type ExplorerInstance } from '../context';
import { SqlConsole } from '../console/SqlConsole';
import { PreviewTab } from './PreviewTab';
import { RunningQueries } from './RunningQueries';
import { TabTitle } from './TabTitle';
import { BUILDER_TAB, ITEM_TAB, QUERIES_TAB, type WorkspaceTab } from './tabs';
import type { useWorkspaceTabs } from './useWorkspaceTabs';

/** A shared or platform database the tree lists: its key, title and what its statements need. */
export interface SharedSource {
  key: string;
  name: string;
  region_id: string;
  access_code: string;
}

export interface WorkspaceProps {
  instance: Instance;
  ctx: ExplorerInstance;
  shared: SharedSource[];
  /** The shared lists are still being read: a tab on a shared database waits for them. */
  sharedLoading: boolean;
  readOnly: boolean;
  tabs: ReturnType<typeof useWorkspaceTabs>;
  /** The panel of the item selected in the tree (DetailArea), in the first, fixed tab. */
  itemPanel: ReactNode;
}

/**
 * The right side of the explorer (issue 13, "schema tree beside the SQL editor"): fixed tabs for the selected
 * item, the query builder and the running queries, then any number of SQL editor and preview tabs ("+" adds one,
 * × closes, a double-click renames). Each editor tab keeps its own text, current database and results.
 */
export function Workspace({ instance, ctx, shared, sharedLoading, readOnly, tabs, itemPanel }: WorkspaceProps) {
  const { t } = useTranslation();

  const targetOf = (tab: WorkspaceTab): SqlTarget | null | undefined => {
    if (!tab.source) return instance;
    const item = shared.find((d) => d.key === tab.source);
    if (item) return sharedTarget(ctx, item);
    return sharedLoading ? undefined : null;
  };
  const sourceName = (tab: WorkspaceTab) => shared.find((d) => d.key === tab.source)?.name;

  const body = (tab: WorkspaceTab) => {
    const target = targetOf(tab);
    if (target === undefined) return null;
    if (target === null) return <Alert type="warning" showIcon title={t('explorer.workspace.sharedGone')} />;
    const shared = target === instance ? undefined : target;
    if (tab.kind === 'preview') return <PreviewTab instance={instance} target={target} tab={tab} onChange={(patch) => tabs.update(tab.id, patch)} />;
    return (
      <SqlConsole
        instance={instance}
        target={shared}
        text={tab.text}
        onText={(text) => tabs.update(tab.id, { text })}
        database={tab.database}
        onDatabase={(database) => tabs.update(tab.id, { database })}
        readOnly={readOnly}
      />
    );
  };

  const label = (tab: WorkspaceTab) => {
    const title = tab.title ?? (tab.kind === 'preview' ? tab.table : t('explorer.workspace.query', { n: tab.n }));
    const from = tab.source ? sourceName(tab) : undefined;
    return (
      <span data-testid={`tab-${tab.id}`}>
        <TabTitle title={title} onRename={(next) => tabs.update(tab.id, { title: next })} />
        {tab.source && <Tag style={{ marginInlineStart: 6 }}>{from ? t('explorer.workspace.readOnlyOf', { name: from }) : t('explorer.mart.readOnly')}</Tag>}
      </span>
    );
  };

  return (
    <Card size="small">
      <Tabs
        className="explorer-workspace"
        type="editable-card"
        activeKey={tabs.active}
        onChange={tabs.activate}
        addIcon={<PlusOutlined aria-label={t('explorer.workspace.newTab')} />}
        onEdit={(key, action) => (action === 'add' ? tabs.addSql() : typeof key === 'string' && tabs.close(key))}
        items={[
          { key: ITEM_TAB, label: t('explorer.workspace.item'), closable: false, children: itemPanel },
          { key: BUILDER_TAB, label: t('console.tab.builder'), closable: false, children: <QueryBuilder instance={instance} onOpenInConsole={(sql) => tabs.addSql({ text: sql })} /> },
          { key: QUERIES_TAB, label: t('explorer.workspace.queries'), closable: false, children: <RunningQueries instance={instance} open={tabs.active === QUERIES_TAB} readOnly={readOnly} /> },
          ...tabs.tabs.map((tab) => ({ key: tab.id, label: label(tab), children: <div ref={tabs.paneRef(tab.id)} data-testid={`pane-${tab.id}`}>{body(tab)}</div> })),
        ]}
      />
    </Card>
  );
}
