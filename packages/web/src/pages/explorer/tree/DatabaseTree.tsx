import { useState } from 'react';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { CodeOutlined, DatabaseOutlined, DownOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DbListItem } from '@tscloud/contracts';
import type { InstanceRef } from '../../../data/instances/control';
import type { Selection } from '../context';
import { ref } from '../../../explorer-sql';
import { InsertNameMenu } from './InsertNameMenu';
import { StableList } from './StableList';

/**
 * The database tree (data-explorer.md §2): the databases the member may see (GET /data/user/dblist, items with
 * databaseName, privileges, typeName, parent, key); expanding one shows its super tables (paged on scroll), and
 * entries for its tables and views.
 */
export function DatabaseTree(props: {
  instance: InstanceRef;
  databases: Pick<DbListItem, 'databaseName' | 'name' | 'key'>[];
  loading: boolean;
  selection: Selection | null;
  onSelect: (s: Selection) => void;
  stableVersion: number;
  /** A shared or platform database's item key: its selections carry it, and it has no views entry. */
  source?: string;
  /** Opens an SQL editor tab on the database (issue 13: the tree beside the editor). */
  onQuery?: (db: string) => void;
  /** Opens a super table's newest rows in a preview tab. */
  onPreview?: (db: string, stable: string) => void;
  /** Puts a name at the open SQL editor's cursor (right-click on a database, a super table or, from it, a column). */
  onInsert?: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) => setOpen((s) => {
    const next = new Set(s);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });
  const sel = props.selection && props.selection.kind !== 'mart' && props.selection.source === props.source ? props.selection : null;
  const select = (s: Selection) => props.onSelect(props.source && s.kind !== 'mart' ? { ...s, source: props.source } : s);
  if (props.loading) return <Spin />;
  if (props.databases.length === 0) return <Empty description={t('explorer.emptyDatabases')} />;
  const itemStyle = (active: boolean) => ({ cursor: 'pointer', padding: '2px 6px', borderRadius: 4, background: active ? 'rgba(22,119,255,0.1)' : undefined });
  return (
    <div role="tree" data-testid={props.source ? `db-tree-${props.source}` : 'db-tree'}>
      {props.databases.map((d) => {
        const expanded = open.has(d.key);
        const db = d.databaseName;
        return (
          <div key={d.key} role="treeitem" aria-expanded={expanded} data-key={d.key}>
            <Space size={4} style={itemStyle(sel?.kind === 'database' && sel.db === db)}>
              <Button size="small" type="text" aria-label={t(props.source ? 'explorer.tree.toggleShared' : 'explorer.tree.toggle', { name: db })} icon={expanded ? <DownOutlined /> : <RightOutlined />} onClick={() => toggle(d.key)} />
              <InsertNameMenu name={ref(db)} onInsert={props.onInsert}>
                <span role="button" tabIndex={0} onClick={() => select({ kind: 'database', db })} onKeyDown={(e) => e.key === 'Enter' && select({ kind: 'database', db })}>
                  <DatabaseOutlined /> {d.name}
                </span>
              </InsertNameMenu>
              {props.onQuery && (
                <Button size="small" type="text" icon={<CodeOutlined />} title={t('explorer.workspace.query.open')} aria-label={t('explorer.workspace.queryIn', { name: d.name })} onClick={() => props.onQuery?.(db)} />
              )}
            </Space>
            {expanded && (
              <div style={{ paddingLeft: 28 }}>
                <Typography.Text strong style={{ fontSize: 12 }}>{t('explorer.tree.stables')}</Typography.Text>
                <StableList instance={props.instance} db={db} selected={sel?.kind === 'stable' && sel.db === db ? sel.name : null} onSelect={(name) => select({ kind: 'stable', db, name })} version={props.stableVersion} onPreview={props.onPreview && ((name) => props.onPreview?.(db, name))} onInsert={props.onInsert} />
                <div role="button" tabIndex={0} style={itemStyle(sel?.kind === 'tables' && sel.db === db)} onClick={() => select({ kind: 'tables', db })} onKeyDown={(e) => e.key === 'Enter' && select({ kind: 'tables', db })}>
                  {t('explorer.tree.tables')}
                </div>
                {!props.source && (
                <div role="button" tabIndex={0} style={itemStyle(sel?.kind === 'views' && sel.db === db)} onClick={() => select({ kind: 'views', db })} onKeyDown={(e) => e.key === 'Enter' && select({ kind: 'views', db })}>
                  {t('explorer.tree.views')}
                </div>
                )}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
