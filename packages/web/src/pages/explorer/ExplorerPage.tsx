import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, Result, Row, Space, Spin, Tabs } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Privilege, satisfies, sharedDbItem } from '@tscloud/contracts';
import { useDbList } from '../../data/explorer/dblist';
import { useMart, usePlatformDatabases } from '../../data/explorer/mart';
import { useShell } from '../../routes/shell';
import { isFreePlan } from '../instances/planDisplay';
import { useCurrentInstance } from '../instances/useCurrentInstance';
import { explorerInstance, selectionFromSearch, sharedTarget, type Selection } from './context';
import { DetailArea } from './DetailArea';
import { DatabaseDialog } from './database/DatabaseDialog';
import { MartDialog } from './mart/MartDialog';
import { DatabaseTree } from './tree/DatabaseTree';

const ConsolePage = lazy(() => import('./console/ConsolePage'));

/**
 * /explorer (data-explorer.md §2): the database tree on the left and the selected database, super table, tables or
 * views on the right; the SQL console and query builder (pages/explorer/console) in the second tab.
 */
export default function ExplorerPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  const [search] = useSearchParams();
  const [selection, setSelection] = useState<Selection | null>(() => selectionFromSearch(search));
  const [creating, setCreating] = useState(false);
  const [martOpen, setMartOpen] = useState(false);
  const [stableVersion, setStableVersion] = useState(0);
  const dblist = useDbList(instance && instance.cluster_status === 'Running' ? instance : null);
  const mart = useMart();
  const platform = usePlatformDatabases();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('explorer.noInstance')} />;
  if (instance.cluster_status !== 'Running') return <Result status="info" title={t('explorer.notRunning')} />;
  const ctx = explorerInstance(instance, isFreePlan(instance.app_price_plan_level ?? instance.plan));
  const canCreate = !readOnly && satisfies(instance.privileges, { allOf: [Privilege.DB_CREATE] });
  const databases = dblist.data ?? [];
  // Shared databases (imported from the mart) and the platform's: read-only, through their access code.
  const shared = [...(mart.data?.imported ?? []), ...(platform.data ?? [])].filter((e) => e.access_code).map(sharedDbItem);
  const source = selection && selection.kind !== 'mart' ? selection.source : undefined;
  const sharedItem = source ? shared.find((d) => d.key === source) : undefined;
  const item = selection && 'db' in selection ? (source ? sharedItem : databases.find((d) => d.databaseName === selection.db)) : undefined;
  const detailTarget = sharedItem ? sharedTarget(ctx, sharedItem) : ctx;

  const explorer = (
    <Row gutter={16}>
      <Col xs={24} md={8} lg={6}>
        <Card
          size="small"
          title={t('explorer.databases')}
          extra={
            <Space size={4}>
              <Button size="small" icon={<ReloadOutlined />} aria-label={t('explorer.refresh')} onClick={() => { void dblist.refetch(); setStableVersion((v) => v + 1); }} />
              <Button size="small" onClick={() => setMartOpen(true)}>{t('explorer.mart.title')}</Button>
              {canCreate && <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="db-create">{t('explorer.db.create')}</Button>}
            </Space>
          }
        >
          <DatabaseTree instance={ctx} databases={databases} loading={dblist.isLoading} selection={selection} onSelect={setSelection} stableVersion={stableVersion} />
        </Card>
        {shared.length > 0 && (
          <Card size="small" title={t('explorer.tree.shared')} style={{ marginTop: 12 }} data-testid="shared-tree">
            {shared.map((d) => (
              <DatabaseTree key={d.key} instance={sharedTarget(ctx, d)} databases={[d]} loading={false} selection={selection} onSelect={setSelection} stableVersion={stableVersion} source={d.key} />
            ))}
          </Card>
        )}
      </Col>
      <Col xs={24} md={16} lg={18}>
        {selection ? (
          <DetailArea
            instance={detailTarget}
            selection={selection}
            privileges={(item?.privileges ?? []).map((p) => p.name)}
            readOnly={readOnly || !!sharedItem}
            databaseCount={databases.length}
            onSelect={setSelection}
            onStablesChanged={() => setStableVersion((v) => v + 1)}
          />
        ) : (
          <Card><Result status="info" title={t('explorer.selectHint')} /></Card>
        )}
      </Col>
      {martOpen && <MartDialog onClose={() => setMartOpen(false)} />}
      {creating && <DatabaseDialog instance={ctx} databaseCount={databases.length} onClose={() => setCreating(false)} onDone={(db) => setSelection({ kind: 'database', db })} />}
    </Row>
  );

  return (
    <Tabs
      items={[
        { key: 'explorer', label: t('explorer.title'), children: explorer },
        { key: 'console', label: 'SQL', children: <Suspense fallback={<Spin />}><ConsolePage /></Suspense> },
      ]}
    />
  );
}
