import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { fetchDescribe, useSchemaChange, useStableNames } from '../../../data/explorer/stables';
import { failureText } from '../../../data/sql/run';
import { compressionAvailable, compressionDefaults, createChildTableSql, createNormalTableSql, typeText, type FieldDef } from '../../../explorer-sql';
import { translateMessage } from '../../../i18n';
import type { ExplorerInstance } from '../context';
import { FieldRows } from '../stable/FieldRows';
import { refillAfterFailure, tableFormSchema, type TableFormValues } from '../stable/schema';

/**
 * Create a table (data-explorer.md §3 table form): a child table USING a super table (stbTmpl) with a value per
 * tag, quoted by type; or a normal table with its columns. A failure keeps what was typed and gives back at least
 * one blank column and tag row (§4).
 */
export function TableDialog(props: { instance: ExplorerInstance; db: string; stable?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { instance, db } = props;
  const change = useSchemaChange(instance, db);
  const stables = useStableNames(instance, db);
  const [failure, setFailure] = useState<string | null>(null);
  const compression = compressionAvailable(instance.image_version);
  const { control, handleSubmit, setValue, getValues, reset } = useForm<TableFormValues>({
    resolver: zodResolver(tableFormSchema),
    defaultValues: {
      kind: props.stable ? 'child' : 'normal',
      name: '',
      stable: props.stable ?? '',
      columns: [{ field: 'ts', type: 'TIMESTAMP', ...(compression ? compressionDefaults('TIMESTAMP') : {}) }, { field: 'val', type: 'INT', ...(compression ? compressionDefaults('INT') : {}) }],
      tags: [],
    },
  });
  const kind = useWatch({ control, name: 'kind' });
  const stable = useWatch({ control, name: 'stable' });
  const tags = (useWatch({ control, name: 'tags' }) ?? []) as FieldDef[];

  // The chosen super table's tags become the rows to fill.
  useEffect(() => {
    if (kind !== 'child' || !stable) return;
    let live = true;
    fetchDescribe(instance, db, stable).then(
      (fields) => live && setValue('tags', fields.filter((f) => f.typeName === 'tag').map((f) => ({ field: f.field, type: f.type, length: f.length, value: '' }))),
      (error: unknown) => live && setFailure(failureText(error)),
    );
    return () => {
      live = false;
    };
  }, [kind, stable, instance, db, setValue]);

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    const sql =
      form.kind === 'child'
        ? createChildTableSql(db, { name: form.name, stable: form.stable, tags: form.tags as FieldDef[] })
        : createNormalTableSql(db, { name: form.name, columns: form.columns as FieldDef[] }, instance.image_version);
    try {
      await change.mutateAsync([sql]);
      notifier.success(t('explorer.table.created'));
      props.onClose();
    } catch (error) {
      setFailure(failureText(error));
      if (form.kind === 'normal') reset(refillAfterFailure(getValues() as TableFormValues & { columns: FieldDef[]; tags: FieldDef[] }) as TableFormValues, { keepErrors: true });
    }
  });

  return (
    <AppModal
      open
      width={compression ? 1000 : 760}
      title={t('explorer.table.create')}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>{t('explorer.action.cancel')}</Button>,
        <Button key="ok" type="primary" loading={change.isPending} onClick={() => void submit()} data-testid="table-submit">
          {t('explorer.action.create')}
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {failure && <Alert type="error" showIcon title={failure} data-testid="table-failure" />}
          <Form.Item label={t('explorer.table.kind')}>
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <Radio.Group value={field.value} onChange={(e) => field.onChange(e.target.value)} disabled={!!props.stable}>
                  <Radio value="child">{t('explorer.table.child')}</Radio>
                  <Radio value="normal">{t('explorer.table.normal')}</Radio>
                </Radio.Group>
              )}
            />
          </Form.Item>
          <FormField control={control} name="name" label={t('explorer.table.name')} required render={(f) => <Input {...f} />} />
          {kind === 'child' ? (
            <>
              <FormField
                control={control}
                name="stable"
                label={t('explorer.table.stable')}
                required
                render={(f) => <Select {...f} showSearch loading={stables.isLoading} disabled={!!props.stable} options={(stables.data ?? []).map((s) => ({ value: s, label: s }))} />}
              />
              {tags.length > 0 && <Typography.Title level={5}>{t('explorer.table.tagValues')}</Typography.Title>}
              {tags.map((tag, i) => (
                <Controller
                  key={tag.field}
                  control={control}
                  name={`tags.${i}.value`}
                  render={({ field, fieldState }) => (
                    <Form.Item label={`${tag.field} (${typeText(tag.type, tag.length)})`} htmlFor={`tag-${tag.field}`} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error ? translateMessage(fieldState.error.message) : undefined}>
                      <Input id={`tag-${tag.field}`} value={field.value ?? ''} onChange={field.onChange} />
                    </Form.Item>
                  )}
                />
              ))}
            </>
          ) : (
            <FieldRows control={control} name="columns" kind="column" compression={compression} testId="table-columns" />
          )}
        </Space>
      </Form>
    </AppModal>
  );
}
