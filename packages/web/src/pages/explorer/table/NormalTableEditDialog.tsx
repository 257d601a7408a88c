import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/dialogs/AppModal';
import { compressionAvailable, type FieldDef } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { FieldRows } from '../stable/FieldRows';
import { stableFormSchema } from '../stable/schema';

/** The columns of a normal table rule set: the super table's column rules (first a TIMESTAMP, unique names, lengths). */
const schema = z.object({ columns: stableFormSchema.shape.columns }).superRefine((v, ctx) => {
  const parsed = stableFormSchema.safeParse({ name: 'x', columns: v.columns, tags: [{ field: 't', type: 'INT' }] });
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** Edit a normal table's columns: add, drop, rename, widen (ALTER TABLE, one change per statement). Keeps input on failure. */
export function NormalTableEditDialog(props: { instance: ExplorerInstance; db: string; table: string; columns: FieldDef[]; onSave: (after: FieldDef[]) => Promise<string | null>; onClose: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit } = useForm<{ columns: FieldDef[] }>({ resolver: zodResolver(schema) as never, defaultValues: { columns: props.columns } });
  const submit = handleSubmit(async ({ columns }) => {
    setBusy(true);
    const problem = await props.onSave(columns);
    setBusy(false);
    if (problem) setFailure(problem);
    else props.onClose();
  });
  return (
    <AppModal
      open
      width={1000}
      title={t('explorer.table.edit')}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>{t('explorer.action.cancel')}</Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void submit()}>{t('explorer.action.save')}</Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {failure && <Alert type="error" showIcon title={failure} />}
        <FieldRows control={control} name="columns" kind="column" compression={compressionAvailable(props.instance.image_version)} editing testId="edit-columns" />
      </Space>
    </AppModal>
  );
}
