import { Form, Input } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { instanceNameSchema, type Instance } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useRenameInstance } from '../../data/instances/alias';
import { isApiError } from '../../api/errors';

const aliasForm = z.object({ alias: instanceNameSchema });
type AliasForm = z.input<typeof aliasForm>;

/** A new alias: the name rule of §5 shown before sending; a refusal (a duplicated alias) shown under the field. */
export function AliasDialog({ instance, onClose }: { instance: Instance; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameInstance();
  const { control, handleSubmit, setError } = useForm<AliasForm>({ resolver: zodResolver(aliasForm), defaultValues: { alias: instance.alias }, mode: 'onChange' });
  const submit = handleSubmit(async ({ alias }) => {
    try {
      await rename.mutateAsync({ regionId: instance.region_id, body: { app_id: instance.id, alias } });
      notifier.success(t('instances.alias.done'));
      onClose();
    } catch (error) {
      setError('alias', { message: isApiError(error) ? error.message : String(error) });
    }
  });
  return (
    <AppModal open title={t('instances.alias.title')} okText={t('instances.action.save')} cancelText={t('common.cancel')} confirmLoading={rename.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical" onFinish={() => void submit()}>
        <FormField control={control} name="alias" label={t('instances.field.alias')} required render={(f) => <Input {...f} autoFocus maxLength={64} />} />
      </Form>
    </AppModal>
  );
}
