import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../components/feedback/notifier';
import { useDescribe, useSchemaChange } from '../../../data/explorer/stables';
import { TagBrowser } from './TagBrowser';
import { failureText } from '../../../data/sql/run';
import { dropStableSql, typeText, type DescribedField } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { RuleBuilderPanel } from '../filter/RuleBuilderPanel';
import { TablesList } from '../table/TablesList';
import { StableDialog } from './StableDialog';

/**
 * One super table (data-explorer.md §2): its structure (columns and tags, editable), its tags with their values and
 * counts, its child tables and the advanced filter; edit and delete for writers.
 */
export function StablePanel(props: { instance: ExplorerInstance; db: string; name: string; canWrite: boolean; onDropped: () => void; onOpenTable: (name: string) => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { instance, db, name } = props;
  const described = useDescribe(instance, db, name);
  const change = useSchemaChange(instance, db);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = described.data ?? [];
  const columns = fields.filter((f) => f.typeName === 'column');
  const tags = fields.filter((f) => f.typeName === 'tag');

  const onDrop = async () => {
    setFailure(null);
    try {
      await change.mutateAsync([dropStableSql(db, name)]);
      notifier.success(t('explorer.deleted'));
      props.onDropped();
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <Card
      title={`${t('explorer.tree.stables')}: ${name}`}
      extra={
        <Space wrap>
          {props.extra}
          {props.canWrite && described.data && <Button onClick={() => setEditing(true)} data-testid="stable-edit">{t('explorer.stable.edit')}</Button>}
          {props.canWrite && (
            <Popconfirm title={t('explorer.action.confirmDelete', { name })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => void onDrop()}>
              <Button danger data-testid="stable-drop">{t('explorer.stable.drop')}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {described.error && <Alert type="error" showIcon title={t('explorer.loadFailed', { message: failureText(described.error) })} />}
      <Tabs
        items={[
          { key: 'structure', label: t('explorer.stable.structure'), children: <StructureTable fields={fields} loading={described.isLoading} /> },
          { key: 'tags', label: t('explorer.stable.tags'), children: <TagBrowser instance={instance} db={db} stable={name} tags={tags} /> },
          { key: 'children', label: t('explorer.stable.children'), children: <TablesList instance={instance} db={db} stable={name} canWrite={props.canWrite} onOpen={props.onOpenTable} /> },
          { key: 'filter', label: t('explorer.action.filter'), children: <RuleBuilderPanel instance={instance} db={db} stable={name} fields={tags} onOpen={props.onOpenTable} /> },
        ]}
      />
      {editing && described.data && (
        <StableDialog instance={instance} db={db} editing={{ name, stored: name, columns, tags }} onClose={() => setEditing(false)} />
      )}
    </Card>
  );
}

/** DESCRIBE rows with the derived kind (tag or column). */
export function StructureTable({ fields, loading }: { fields: DescribedField[]; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<DescribedField>
      rowKey="field"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={fields}
      data-testid="structure"
      columns={[
        { key: 'field', title: t('explorer.field.name'), dataIndex: 'field' },
        { key: 'type', title: t('explorer.field.type'), render: (_, f) => typeText(f.type, f.length) },
        { key: 'length', title: t('explorer.field.length'), dataIndex: 'length' },
        { key: 'kind', title: t('explorer.field.kind'), render: (_, f) => (f.typeName === 'tag' ? <Tag color="blue">{t('explorer.field.tag')}</Tag> : t('explorer.field.column')) },
        { key: 'encode', title: t('explorer.field.encode'), render: (_, f) => (f.encode ? `${f.encode} / ${f.compress} / ${f.level}` : '') },
        { key: 'note', title: t('explorer.field.note'), dataIndex: 'note' },
      ]}
    />
  );
}
