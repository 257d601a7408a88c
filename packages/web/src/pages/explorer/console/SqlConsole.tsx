import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Dropdown, Row, Select, Space, Tabs, Tooltip } from 'antd';
import { DownOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { isReadOnly } from '@tscloud/contracts/sql';
import { notifier } from '../../../components/feedback/notifier';
import { useDatabases } from '../../../data/console/catalog';
import type { SqlTarget } from '../../../data/sql/run';
import { catalogCompletion } from './completion';
import { explainText } from './explain';
import { FavoritesPanel } from './FavoritesPanel';
import { clearHistory, readHistory, type HistoryRecord } from './history';
import { HistoryPanel } from './HistoryPanel';
import { ResultsView } from './ResultsView';
import { RunCancelButtons } from './RunCancelButtons';
import { SaveQueryButtons } from './SaveQueryButtons';
import { SqlEditor } from './SqlEditor';
import { useConsoleRun } from './useConsoleRun';

export interface SqlConsoleProps {
  instance: Instance;
  text: string;
  onText: (text: string) => void;
  database: string | null;
  onDatabase: (db: string | null) => void;
  readOnly: boolean;
  /**
   * A shared or platform database (issue 13 item 7): statements go to it through its access code, read-only, and
   * its database stays the tab's current one (no picker, nothing saved to the instance).
   */
  target?: SqlTarget;
}

/**
 * The SQL console (data-explorer.md §2, §7, §8): editor with completion, run (Ctrl/Cmd+Enter) and cancel, one
 * result per statement (1000 rows at most, page size 10), timings, CSV export of a query, EXPLAIN, local history
 * and saved queries.
 */
export function SqlConsole({ instance, text, onText, database, onDatabase, readOnly, target }: SqlConsoleProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [history, setHistory] = useState<HistoryRecord[]>(() => readHistory());
  const sqlTarget = target ?? instance;
  const databases = useDatabases(target ? null : instance);
  const { outcomes, running, cancelled, run, cancel } = useConsoleRun(instance, database, setHistory, onDatabase, target);

  const dbRef = useRef(database);
  dbRef.current = database;
  const completion = useMemo(() => catalogCompletion({ client, instance: sqlTarget, currentDb: () => dbRef.current }), [client, sqlTarget]);

  // A shared database takes reads only: the server refuses the rest, and the tab says so before sending.
  const onRun = useCallback(() => {
    if (!text.trim()) return;
    if (target && !isReadOnly(text)) return notifier.error(t('error.readOnlyDatabase'), 0, true);
    void run(text);
  }, [run, text, target, t]);
  const explain = (analyze: boolean) => {
    if (text.trim()) void run(explainText(text, analyze));
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={17}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Select
              allowClear={!target}
              showSearch
              disabled={!!target}
              style={{ minWidth: 220 }}
              placeholder={t('console.databasePlaceholder')}
              aria-label={t('console.database')}
              value={database ?? undefined}
              onChange={(v) => onDatabase(v ?? null)}
              loading={databases.isLoading}
              options={(target && database ? [database] : (databases.data ?? [])).map((d) => ({ value: d, label: d }))}
            />
            <RunCancelButtons onRun={onRun} onCancel={cancel} running={running} empty={!text.trim()} />
            <Space.Compact>
              <Tooltip title={t('console.explain.hint')}>
                <Button icon={<NodeIndexOutlined />} onClick={() => explain(false)} disabled={!text.trim() || running}>
                  {t('console.explain')}
                </Button>
              </Tooltip>
              <Dropdown trigger={['click']} disabled={!text.trim() || running} menu={{ items: [{ key: 'analyze', label: t('console.explain.analyze') }], onClick: () => explain(true) }}>
                <Button icon={<DownOutlined />} aria-label={t('console.explain.more')} />
              </Dropdown>
            </Space.Compact>
            <SaveQueryButtons instance={instance} text={text} readOnly={readOnly || !!target} />
          </Space>
          <SqlEditor value={text} onChange={onText} onRun={onRun} completion={completion} placeholder={t('console.placeholder')} ariaLabel={t('console.editorLabel')} />
          <ResultsView outcomes={outcomes} running={running} cancelled={cancelled} instance={target ? null : instance} />
        </Space>
      </Col>
      <Col xs={24} xl={7}>
        <Card size="small">
          <Tabs
            items={[
              {
                key: 'history',
                label: t('console.history'),
                children: (
                  <HistoryPanel
                    records={history.filter((r) => r.appId === instance.id)}
                    onUse={onText}
                    onClear={() => {
                      clearHistory();
                      setHistory([]);
                    }}
                  />
                ),
              },
              { key: 'favorites', label: t('console.favorites'), children: <FavoritesPanel instance={instance} onUse={onText} readOnly={readOnly} /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
