import { useEffect, useState } from 'react';
import { Button, Card, Col, Result, Row, Space, Spin, Tooltip } from 'antd';
import { CodeOutlined, EyeOutlined, PlusOutlined, ReloadOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Privilege, satisfies, sharedDbItem, type Instance } from '@tscloud/contracts';
import { quoteName } from '@tscloud/contracts/sql';
import { PermissionButton } from '../../components/form/PermissionButton';
import { useDbList } from '../../data/explorer/dblist';
import { useMart, usePlatformDatabases } from '../../data/explorer/mart';
import { usePricePlans } from '../../data/instances/pricePlans';
import { useShell } from '../../routes/shell';
import { isFreePlan } from '../instances/planDisplay';
import { useCurrentInstance } from '../instances/useCurrentInstance';
import { explorerInstance, selectionFromSearch, sharedTarget, type Selection } from './context';
import { DetailArea } from './DetailArea';
import { DatabaseDialog } from './database/DatabaseDialog';
import { MartDialog } from './mart/MartDialog';
import { DatabaseTree } from './tree/DatabaseTree';
import { ITEM_TAB } from './workspace/tabs';
import { useWorkspaceTabs } from './workspace/useWorkspaceTabs';
import { Workspace } from './workspace/Workspace';

/**
 * /explorer (data-explorer.md §2, issue 13): the database tree (own, then shared and platform databases) on the
 * left, beside the workspace: the selected item's panel, the query builder, the running queries, and SQL editor and
 * preview tabs (pages/explorer/workspace).
 */
export default function ExplorerPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('explorer.noInstance')} />;
  if (instance.cluster_status !== 'Running') return <Result status="info" title={t('explorer.notRunning')} />;
  // Keyed by instance: another instance has its own tabs.
  return <ExplorerWorkspace key={instance.id} instance={instance} />;
}

function ExplorerWorkspace({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const { readOnly } = useShell();
  const [search] = useSearchParams();
  const [selection, setSelection] = useState<Selection | null>(() => selectionFromSearch(search));
  const [creating, setCreating] = useState(false);
  const [martOpen, setMartOpen] = useState(false);
  const [stableVersion, setStableVersion] = useState(0);
  const dblist = useDbList(instance);
  const mart = useMart();
  const platform = usePlatformDatabases();
  const tabs = useWorkspaceTabs(instance.id);
  const { activate } = tabs;
  // A deep link (?db=…) opens its item, whatever tab was open before the reload.
  useEffect(() => {
    if (search.get('db')) activate(ITEM_TAB);
  }, [search, activate]);

  const level = instance.app_price_plan_level ?? instance.plan;
  const plans = usePricePlans(0);
  const ctx = { ...explorerInstance(instance, isFreePlan(level)), maxVgroups: plans.data?.find((p) => p.level === level)?.limits.vgroupsPerDatabase };
  const createNeeds = { allOf: [Privilege.DB_CREATE] };
  const canCreate = !readOnly && satisfies(instance.privileges, createNeeds);
  // Shown to everyone, disabled with the missing privilege as its tooltip (issue 13 item 9).
  const createButton = (
    <PermissionButton size="small" type="primary" icon={<PlusOutlined />} aria-label={t('explorer.db.create')} held={instance.privileges ?? []} needs={createNeeds} readOnly={readOnly} onClick={() => setCreating(true)} data-testid="db-create" />
  );
  const databases = dblist.data ?? [];
  // Shared databases (imported from the mart) and the platform's: read-only, through their access code, shown by
  // their mart title (a bare name would collide with one's own database, issue 13 item 7).
  const shared = [...(mart.data?.imported ?? []), ...(platform.data ?? [])].filter((e) => e.access_code).map((e) => ({ ...sharedDbItem(e), name: e.title || e.db_name }));
  const source = selection && selection.kind !== 'mart' ? selection.source : undefined;
  const sharedItem = source ? shared.find((d) => d.key === source) : undefined;
  const item = selection && 'db' in selection ? (source ? sharedItem : databases.find((d) => d.databaseName === selection.db)) : undefined;
  const detailTarget = sharedItem ? sharedTarget(ctx, sharedItem) : ctx;

  const select = (s: Selection) => {
    setSelection(s);
    activate(ITEM_TAB);
  };
  const query = (db: string, from?: string, text = '') => tabs.addSql({ database: db, source: from, text });
  const preview = (db: string, table: string, from?: string) => tabs.addPreview({ database: db, table, source: from, range: { preset: '1h' }, text: '' });
  const selected = selection && (selection.kind === 'stable' || selection.kind === 'table') ? selection : null;

  const itemPanel = selection ? (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {selected && (
        <Space wrap>
          <Button size="small" icon={<EyeOutlined />} onClick={() => preview(selected.db, selected.name, selected.source)}>
            {t('explorer.workspace.preview')}
          </Button>
          <Button size="small" icon={<CodeOutlined />} onClick={() => query(selected.db, selected.source, `SELECT * FROM ${quoteName(selected.db)}.${quoteName(selected.name)} LIMIT 100`)}>
            {t('explorer.workspace.query.open')}
          </Button>
        </Space>
      )}
      <DetailArea
        instance={detailTarget}
        selection={selection}
        privileges={(item?.privileges ?? []).map((p) => p.name)}
        readOnly={readOnly || !!sharedItem}
        databaseCount={databases.length}
        onSelect={(s) => (s ? select(s) : setSelection(null))}
        onStablesChanged={() => setStableVersion((v) => v + 1)}
      />
    </Space>
  ) : (
    <Result status="info" title={t('explorer.selectHint')} />
  );

  return (
    <Row gutter={16}>
      <Col xs={24} md={8} lg={6}>
        <Card
          size="small"
          title={t('explorer.databases')}
          // The title keeps its room: the actions are icons with tooltips (issue 13 layout: "Create database" hid it).
          styles={{ header: { gap: 8 }, title: { minWidth: 0 } }}
          extra={
            <Space size={4} wrap={false}>
              <Tooltip title={t('explorer.refresh')}>
                <Button size="small" icon={<ReloadOutlined />} aria-label={t('explorer.refresh')} onClick={() => { void dblist.refetch(); setStableVersion((v) => v + 1); }} />
              </Tooltip>
              <Tooltip title={t('explorer.mart.title')}>
                <Button size="small" icon={<ShopOutlined />} aria-label={t('explorer.mart.title')} onClick={() => setMartOpen(true)} />
              </Tooltip>
              {canCreate ? <Tooltip title={t('explorer.db.create')}>{createButton}</Tooltip> : createButton}
            </Space>
          }
        >
          <DatabaseTree instance={ctx} databases={databases} loading={dblist.isLoading} selection={selection} onSelect={select} stableVersion={stableVersion} onQuery={(db) => query(db)} onPreview={(db, name) => preview(db, name)} onInsert={tabs.insert} />
        </Card>
        {shared.length > 0 && (
          <Card size="small" title={t('explorer.tree.shared')} style={{ marginTop: 12 }} data-testid="shared-tree">
            {shared.map((d) => (
              <DatabaseTree
                key={d.key}
                instance={sharedTarget(ctx, d)}
                databases={[d]}
                loading={false}
                selection={selection}
                onSelect={select}
                stableVersion={stableVersion}
                source={d.key}
                onQuery={(db) => query(db, d.key)}
                onPreview={(db, name) => preview(db, name, d.key)}
                onInsert={tabs.insert}
              />
            ))}
          </Card>
        )}
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Workspace instance={instance} ctx={ctx} shared={shared} sharedLoading={mart.isLoading || platform.isLoading} readOnly={readOnly} tabs={tabs} itemPanel={itemPanel} />
      </Col>
      {martOpen && <MartDialog onClose={() => setMartOpen(false)} />}
      {creating && <DatabaseDialog instance={ctx} databaseCount={databases.length} onClose={() => setCreating(false)} onDone={(db) => select({ kind: 'database', db })} />}
    </Row>
  );
}
