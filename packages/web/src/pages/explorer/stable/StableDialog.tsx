import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { useSchemaChange } from '../../../data/explorer/stables';
import { failureText } from '../../../data/sql/run';
import { alterProblem, alterStableSql, compressionAvailable, createStableSql, defaultStableForm, type FieldDef, type StableForm } from '../../../explorer-sql';
import { translateMessage } from '../../../i18n';
import type { ExplorerInstance } from '../context';
import { FieldRows } from './FieldRows';
import { refillAfterFailure, stableFormSchema, type StableFormValues } from './schema';

/**
 * Create or edit a super table (data-explorer.md §3 super table form, §4). Create: the default form (TIMESTAMP and
 * INT columns, one INT tag; compression defaults on 3.3.0+). Edit: the described structure; the changes go as one
 * ALTER per change. A failure keeps what was typed (an emptied column or tag list gets one blank INT row back);
 * success resets the form and refreshes the tree.
 */
export function StableDialog(props: { instance: ExplorerInstance; db: string; editing?: StableForm & { stored: string }; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const { instance, db, editing } = props;
  const change = useSchemaChange(instance, db);
  const [failure, setFailure] = useState<string | null>(null);
  const initial = editing ?? defaultStableForm(instance.image_version);
  const { control, handleSubmit, reset, getValues, formState } = useForm<StableFormValues>({ resolver: zodResolver(stableFormSchema), defaultValues: initial as StableFormValues, mode: 'onSubmit' });
  const compression = compressionAvailable(instance.image_version);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const form = values as StableForm;
    let statements: string[];
    if (editing) {
      const problem = alterProblem(editing.columns, form.columns) ?? alterProblem(editing.tags, form.tags);
      if (problem) {
        setFailure(t(problem === 'typeChange' ? 'explorer.validation.typeChange' : 'explorer.validation.shrink'));
        return;
      }
      statements = alterStableSql(db, editing.stored, editing, form, instance.image_version);
      if (statements.length === 0) {
        notifier.info(t('explorer.nothingChanged'));
        props.onClose();
        return;
      }
    } else {
      statements = [createStableSql(db, form, instance.image_version)];
    }
    try {
      await change.mutateAsync(statements);
      notifier.success(t(editing ? 'explorer.stable.updated' : 'explorer.stable.created'));
      reset(defaultStableForm(instance.image_version) as StableFormValues);
      props.onDone?.();
      props.onClose();
    } catch (error) {
      setFailure(failureText(error));
      if (!editing) reset(refillAfterFailure(getValues() as { columns: FieldDef[]; tags: FieldDef[] }) as StableFormValues, { keepErrors: true });
    }
  });

  const listError = (key: 'columns' | 'tags') => {
    const e = formState.errors[key] as { message?: string; root?: { message?: string } } | undefined;
    const message = e?.message ?? e?.root?.message;
    return message ? <Typography.Text type="danger">{translateMessage(message)}</Typography.Text> : null;
  };

  return (
    <AppModal
      open
      width={compression ? 1000 : 760}
      title={t(editing ? 'explorer.stable.edit' : 'explorer.stable.create')}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>{t('explorer.action.cancel')}</Button>,
        <Button key="ok" type="primary" loading={change.isPending} onClick={() => void submit()} data-testid="stable-submit">
          {t(editing ? 'explorer.action.save' : 'explorer.action.create')}
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {failure && <Alert type="error" showIcon title={failure} data-testid="stable-failure" />}
          <FormField control={control} name="name" label={t('explorer.stable.name')} required render={(f) => <Input {...f} disabled={!!editing} />} />
          <Typography.Title level={5}>{t('explorer.stable.columns')}</Typography.Title>
          {listError('columns')}
          <FieldRows control={control} name="columns" kind="column" compression={compression} editing={!!editing} testId="stable-columns" />
          <Typography.Title level={5}>{t('explorer.stable.tags')}</Typography.Title>
          {listError('tags')}
          <FieldRows control={control} name="tags" kind="tag" compression={false} editing={!!editing} testId="stable-tags" />
        </Space>
      </Form>
    </AppModal>
  );
}
