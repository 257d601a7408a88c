import { useEffect } from 'react';
import { Alert, Button, Input, Spin, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InstanceRef } from '../../../data/instances/control';
import { STABLE_SEARCH_LIMIT, qualified } from '../../../explorer-sql';
import { InsertNameMenu } from './InsertNameMenu';
import { useStablePaging } from './useStablePaging';

/**
 * A database's super tables in the tree: 8 at a time, more loaded as the list is scrolled (200 ms debounce), and a
 * search by name (at most 100). `version` changes reload it (after a super table was created or dropped).
 */
export function StableList(props: { instance: InstanceRef; db: string; selected: string | null; onSelect: (name: string) => void; version: number; onPreview?: (name: string) => void; onInsert?: (text: string) => void }) {
  const { t } = useTranslation();
  const { state, onScroll, setMatcher, reload } = useStablePaging(props.instance, props.db);
  useEffect(() => {
    if (props.version > 0) reload();
  }, [props.version, reload]);
  return (
    <div data-testid={`stables-${props.db}`}>
      <Input.Search size="small" allowClear placeholder={t('explorer.tree.search')} aria-label={t('explorer.tree.search')} onChange={(e) => setMatcher(e.target.value)} style={{ marginBottom: 4 }} />
      <div onScroll={onScroll} style={{ maxHeight: 220, overflowY: 'auto' }} data-testid={`stables-scroll-${props.db}`}>
        {state.items.map((s) => (
          <InsertNameMenu key={s.stable_name} name={qualified(props.db, s.stable_name)} onInsert={props.onInsert} columnsOf={{ instance: props.instance, db: props.db, table: s.stable_name }}>
            <div
              role="button"
              tabIndex={0}
              onClick={() => props.onSelect(s.stable_name)}
              onKeyDown={(e) => e.key === 'Enter' && props.onSelect(s.stable_name)}
              style={{ padding: '2px 8px', cursor: 'pointer', borderRadius: 4, background: props.selected === s.stable_name ? 'rgba(22,119,255,0.1)' : undefined, display: 'flex', justifyContent: 'space-between' }}
            >
              <span>{s.stable_name}</span>
              <span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} title={t('explorer.tree.children', { count: s.total })}>{s.total}</Typography.Text>
                {props.onPreview && (
                  <Button size="small" type="text" icon={<EyeOutlined />} title={t('explorer.workspace.preview')} aria-label={t('explorer.workspace.previewOf', { name: s.stable_name })} onClick={(e) => { e.stopPropagation(); props.onPreview?.(s.stable_name); }} />
                )}
              </span>
            </div>
          </InsertNameMenu>
        ))}
        {state.loading && <Spin size="small" />}
        {!state.loading && state.items.length === 0 && !state.error && <Typography.Text type="secondary" style={{ paddingLeft: 8 }}>{t('explorer.tree.noStables')}</Typography.Text>}
        {state.matcher === '' && state.total !== null && state.items.length < state.total && !state.loading && (
          <Typography.Text type="secondary" style={{ paddingLeft: 8, fontSize: 12 }}>{t('explorer.tree.more', { loaded: state.items.length, total: state.total })}</Typography.Text>
        )}
        {state.matcher !== '' && state.items.length >= STABLE_SEARCH_LIMIT && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('explorer.tree.searchLimit', { count: STABLE_SEARCH_LIMIT })}</Typography.Text>}
      </div>
      {state.error && <Alert type="error" showIcon title={state.error} />}
    </div>
  );
}
