import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Row, Select, Space, Tabs, Tooltip } from 'antd';
import { CaretRightOutlined, StarOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { useDatabases } from '../../../data/console/catalog';
import { useCreateFavorite } from '../../../data/favorites/create';
import type { FavoriteKind } from '../../../data/favorites/keys';
import { catalogCompletion } from './completion';
import { FavoritesPanel } from './FavoritesPanel';
import { clearHistory, readHistory, type HistoryRecord } from './history';
import { HistoryPanel } from './HistoryPanel';
import { ResultsView } from './ResultsView';
import { SqlEditor } from './SqlEditor';
import { useConsoleRun } from './useConsoleRun';

export interface SqlConsoleProps {
  instance: Instance;
  text: string;
  onText: (text: string) => void;
  database: string | null;
  onDatabase: (db: string | null) => void;
  readOnly: boolean;
}

/**
 * The SQL console (data-explorer.md §2, §7, §8): editor with completion, run (Ctrl/Cmd+Enter) and cancel, one
 * result per statement (1000 rows at most, page size 10), timings, CSV export of a query, local history and
 * favorites.
 */
export function SqlConsole({ instance, text, onText, database, onDatabase, readOnly }: SqlConsoleProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [history, setHistory] = useState<HistoryRecord[]>(() => readHistory());
  const databases = useDatabases(instance);
  const { outcomes, running, cancelled, run, cancel } = useConsoleRun(instance, database, setHistory, onDatabase);
  const favorite = useCreateFavorite(instance);

  const dbRef = useRef(database);
  dbRef.current = database;
  const completion = useMemo(() => catalogCompletion({ client, instance, currentDb: () => dbRef.current }), [client, instance]);

  const onRun = useCallback(() => {
    if (text.trim()) void run(text);
  }, [run, text]);

  const save = (kind: FavoriteKind) => {
    const sql = text.trim();
    if (!sql) return notifier.warning(t('console.favorites.nothing'));
    favorite.mutate({ kind, sql }, { onSuccess: () => notifier.success(t('console.favorites.saved')) });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={17}>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Select
              allowClear
              showSearch
              style={{ minWidth: 220 }}
              placeholder={t('console.databasePlaceholder')}
              aria-label={t('console.database')}
              value={database ?? undefined}
              onChange={(v) => onDatabase(v ?? null)}
              loading={databases.isLoading}
              options={(databases.data ?? []).map((d) => ({ value: d, label: d }))}
            />
            <Tooltip title={t('console.runHint')}>
              <Button type="primary" icon={<CaretRightOutlined />} onClick={onRun} loading={running} disabled={!text.trim()}>
                {t('console.run')}
              </Button>
            </Tooltip>
            <Button icon={<StopOutlined />} onClick={cancel} disabled={!running}>
              {t('console.cancel')}
            </Button>
            <Button icon={<StarOutlined />} onClick={() => save('personal')} disabled={readOnly} loading={favorite.isPending && favorite.variables?.kind === 'personal'}>
              {t('console.favorites.save')}
            </Button>
            <Button icon={<ShareAltOutlined />} onClick={() => save('shared')} disabled={readOnly} loading={favorite.isPending && favorite.variables?.kind === 'shared'}>
              {t('console.favorites.saveShared')}
            </Button>
          </Space>
          <SqlEditor value={text} onChange={onText} onRun={onRun} completion={completion} placeholder={t('console.placeholder')} ariaLabel={t('console.editorLabel')} />
          <ResultsView outcomes={outcomes} running={running} cancelled={cancelled} instance={instance} />
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
