import { useState } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { martPublishSchema, type MartPublish } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { useMartMutations } from '../../../data/explorer/mart';
import { failureText } from '../../../data/sql/run';
import { translateMessage } from '../../../i18n';
import type { ExplorerInstance } from '../context';

/** Publish a database to the mart with a title and description; the answer carries the 32-character access code. */
export function MartPublishDialog(props: { instance: ExplorerInstance; db: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { publish } = useMartMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<MartPublish>({ resolver: zodResolver(martPublishSchema) as never, defaultValues: { app_id: props.instance.id, db_name: props.db, title: '', description: '' } });
  const submit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const entry = await publish.mutateAsync({ app_id: v.app_id, db_name: v.db_name, title: v.title, description: v.description ?? '' });
      setCode(entry.access_code);
    } catch (error) {
      setFailure(translateMessage(failureText(error)));
    }
  });
  return (
    <AppModal open title={t('explorer.mart.publishTitle', { name: props.db })} onCancel={props.onClose} onOk={() => (code ? props.onClose() : void submit())} okText={code ? t('explorer.action.cancel') : t('explorer.mart.publish')} cancelButtonProps={{ hidden: !!code }} confirmLoading={publish.isPending}>
      <Form layout="vertical">
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        {code ? (
          <Alert type="success" showIcon title={<Typography.Text copyable={{ text: code }}>{t('explorer.mart.publishedDone', { code })}</Typography.Text>} />
        ) : (
          <>
            <FormField control={control} name="title" label={t('explorer.mart.titleField')} required render={(f) => <Input {...f} />} />
            <FormField control={control} name="description" label={t('explorer.mart.description')} render={(f) => <Input.TextArea {...f} rows={3} />} />
          </>
        )}
      </Form>
    </AppModal>
  );
}
