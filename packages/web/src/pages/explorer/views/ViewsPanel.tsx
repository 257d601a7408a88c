import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { VIEW_NAME_PATTERN, SQL_MAX_LENGTH, type ExplorerView } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { useViewMutations, useViews } from '../../../data/explorer/views';
import { failureText } from '../../../data/sql/run';
import { translateMessage } from '../../../i18n';
import type { ExplorerInstance } from '../context';

/** The view form: the contracts' name and query rules (a query starts with SELECT or WITH). */
export const viewFormSchema = z.object({
  name: z.string().trim().regex(VIEW_NAME_PATTERN, { message: 'validation.viewName' }),
  sql: z.string().max(SQL_MAX_LENGTH, { message: 'validation.sql' }).refine((s) => /^\s*(select|with)\b/i.test(s), { message: 'validation.viewQuery' }),
});
type ViewForm = z.input<typeof viewFormSchema>;

/** Views of a database: list, create, edit the query, delete (data-explorer.md §2 "super table views"). */
export function ViewsPanel(props: { instance: ExplorerInstance; db: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const list = useViews(props.instance, props.db);
  const { remove } = useViewMutations(props.instance, props.db);
  const [editing, setEditing] = useState<ExplorerView | 'new' | null>(null);
  return (
    <Card title={`${props.db}: ${t('explorer.view.title')}`} extra={props.canWrite && <Button type="primary" onClick={() => setEditing('new')} data-testid="view-create">{t('explorer.view.create')}</Button>}>
      <Table<ExplorerView>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('explorer.view.empty') }}
        columns={[
          { key: 'name', title: t('explorer.view.name'), dataIndex: 'name' },
          { key: 'sql', title: t('explorer.view.sql'), render: (_, v) => <code>{v.sql}</code> },
          { key: 'owner', title: t('explorer.view.owner'), dataIndex: 'owner' },
          {
            key: 'actions',
            render: (_, v) =>
              props.canWrite && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(v)}>{t('explorer.action.edit')}</Button>
                  <Popconfirm title={t('explorer.action.confirmDelete', { name: v.name })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => remove.mutate(v.id)}>
                    <Button type="link" size="small" danger>{t('explorer.action.delete')}</Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {editing && <ViewDialog instance={props.instance} db={props.db} view={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ViewDialog(props: { instance: ExplorerInstance; db: string; view: ExplorerView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useViewMutations(props.instance, props.db);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<ViewForm>({ resolver: zodResolver(viewFormSchema), defaultValues: { name: props.view?.name ?? '', sql: props.view?.sql ?? '' } });
  const submit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      if (props.view) await update.mutateAsync({ id: props.view.id, sql: v.sql });
      else await create.mutateAsync({ name: v.name.trim(), sql: v.sql });
      notifier.success(t(props.view ? 'explorer.view.updated' : 'explorer.view.created'));
      props.onClose();
    } catch (error) {
      setFailure(translateMessage(failureText(error)));
    }
  });
  return (
    <AppModal open width={720} title={t(props.view ? 'explorer.view.edit' : 'explorer.view.create')} onCancel={props.onClose} onOk={() => void submit()} okText={t('explorer.action.save')} cancelText={t('explorer.action.cancel')} confirmLoading={create.isPending || update.isPending}>
      <Form layout="vertical">
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <FormField control={control} name="name" label={t('explorer.view.name')} required render={(f) => <Input {...f} disabled={!!props.view} />} />
        <FormField control={control} name="sql" label={t('explorer.view.sql')} required render={(f) => <Input.TextArea {...f} rows={6} />} />
      </Form>
    </AppModal>
  );
}
