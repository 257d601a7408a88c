import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../components/feedback/notifier';
import { useDescribe, useSchemaChange } from '../../../data/explorer/stables';
import { useChildTags } from '../../../data/explorer/tables';
import { failureText } from '../../../data/sql/run';
import { alterNormalTableSql, alterProblem, dropTableSql, setTagValuesSql, type FieldDef } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { CsvImportDialog } from '../import/CsvImportDialog';
import { StructureTable } from '../stable/StablePanel';
import { tagValueFits } from '../stable/schema';
import { NormalTableEditDialog } from './NormalTableEditDialog';

/**
 * One table: DESCRIBE (typeName from the note), a child table's tag values (editable: SET TAG), a normal table's
 * columns (editable: ALTER TABLE), CSV import and delete.
 */
export function TablePanel(props: { instance: ExplorerInstance; db: string; name: string; canWrite: boolean; onDropped: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { instance, db, name } = props;
  const described = useDescribe(instance, db, name);
  const fields = described.data ?? [];
  const isChild = fields.some((f) => f.typeName === 'tag');
  const tags = useChildTags(instance, db, isChild ? name : null);
  const change = useSchemaChange(instance, db);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});

  const run = async (statements: string[], done: string) => {
    setFailure(null);
    try {
      await change.mutateAsync(statements);
      notifier.success(done);
      return true;
    } catch (error) {
      setFailure(failureText(error));
      return false;
    }
  };

  const tagRows: FieldDef[] = fields.filter((f) => f.typeName === 'tag').map((f) => ({ field: f.field, type: f.type, length: f.length, value: tags.data?.find((x) => x.name === f.field)?.value ?? '' }));
  const saveTags = async () => {
    const after = tagRows.map((r) => ({ ...r, value: values[r.field] ?? r.value }));
    const bad = after.find((r) => !tagValueFits(r.type, r.value));
    if (bad) {
      setFailure(`${bad.field}: ${t('explorer.validation.tagValue')}`);
      return;
    }
    const statements = setTagValuesSql(db, name, tagRows, after);
    if (statements.length === 0) {
      notifier.info(t('explorer.nothingChanged'));
      return;
    }
    if (await run(statements, t('explorer.table.updated'))) setValues({});
  };

  return (
    <Card
      title={`${t('explorer.tree.tables')}: ${name}`}
      extra={
        <Space wrap>
          {props.extra}
          {props.canWrite && <Button onClick={() => setImporting(true)} data-testid="table-import">{t('explorer.action.import')}</Button>}
          {props.canWrite && described.data && !isChild && <Button onClick={() => setEditing(true)}>{t('explorer.table.edit')}</Button>}
          {props.canWrite && (
            <Popconfirm title={t('explorer.action.confirmDelete', { name })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => void run([dropTableSql(db, name)], t('explorer.deleted')).then((ok) => ok && props.onDropped())}>
              <Button danger data-testid="table-drop">{t('explorer.table.drop')}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {failure && <Alert type="error" showIcon title={failure} data-testid="table-panel-failure" />}
        {described.error && <Alert type="error" showIcon title={t('explorer.loadFailed', { message: failureText(described.error) })} />}
        <Typography.Title level={5}>{t('explorer.table.describe')}</Typography.Title>
        <StructureTable fields={fields} loading={described.isLoading} />
        {isChild && (
          <>
            <Typography.Title level={5}>{t('explorer.table.tagValues')}</Typography.Title>
            <Table<FieldDef>
              rowKey="field"
              size="small"
              pagination={false}
              loading={tags.isLoading}
              dataSource={tagRows}
              columns={[
                { key: 'field', title: t('explorer.field.tag'), dataIndex: 'field' },
                { key: 'type', title: t('explorer.field.type'), dataIndex: 'type' },
                {
                  key: 'value',
                  title: t('explorer.field.value'),
                  render: (_, r) => (props.canWrite ? <Input aria-label={t('explorer.field.tagValueOf', { name: r.field })} value={values[r.field] ?? r.value ?? ''} onChange={(e) => setValues({ ...values, [r.field]: e.target.value })} /> : (r.value ?? 'NULL')),
                },
              ]}
            />
            {props.canWrite && <Button type="primary" onClick={() => void saveTags()} loading={change.isPending} style={{ alignSelf: 'flex-start' }}>{t('explorer.action.save')}</Button>}
          </>
        )}
      </Space>
      {importing && <CsvImportDialog instance={instance} db={db} table={name} onClose={() => setImporting(false)} />}
      {editing && (
        <NormalTableEditDialog
          instance={instance}
          db={db}
          table={name}
          columns={fields}
          onSave={async (after) => {
            const problem = alterProblem(fields, after);
            if (problem) return t(problem === 'typeChange' ? 'explorer.validation.typeChange' : 'explorer.validation.shrink');
            const statements = alterNormalTableSql(db, name, fields, after, instance.image_version);
            if (statements.length === 0) {
              notifier.info(t('explorer.nothingChanged'));
              return null;
            }
            try {
              await change.mutateAsync(statements);
              notifier.success(t('explorer.table.updated'));
              return null;
            } catch (error) {
              return failureText(error);
            }
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
