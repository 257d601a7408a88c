import { Form, Input, Select } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { groupCreateSchema, type Group } from '@tscloud/contracts';
import type { z } from 'zod';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useCreateGroup } from '../../data/access/createGroup';
import { useMembers } from '../../data/access/members';
import { useUpdateGroup } from '../../data/access/updateGroup';

type GroupForm = z.input<typeof groupCreateSchema>;

/** Create a group (name, description, first members) or rename/describe an existing one. */
export function GroupDialog({ orgId, group, onClose }: { orgId: string; group?: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useMembers(orgId);
  const create = useCreateGroup(orgId);
  const update = useUpdateGroup(orgId);
  const { control, handleSubmit } = useForm<GroupForm>({
    resolver: zodResolver(groupCreateSchema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '', userIds: [] },
  });
  const submit = handleSubmit(async (v) => {
    const call = group ? update.mutateAsync({ id: group.id, body: { name: v.name, description: v.description } }) : create.mutateAsync(v);
    if (!(await call.then(() => true, () => false))) return;
    notifier.success(t(group ? 'access.group.updated' : 'access.group.created'));
    onClose();
  });
  const memberOptions = (members.data ?? []).filter((m) => m.userId && m.status !== 'INVITED').map((m) => ({ value: m.userId!, label: m.email }));
  return (
    <AppModal open title={t(group ? 'access.group.edit' : 'access.group.create')} okText={t('access.action.save')} cancelText={t('common.cancel')} confirmLoading={create.isPending || update.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical" onFinish={() => void submit()}>
        <FormField control={control} name="name" label={t('access.field.name')} required render={(f) => <Input {...f} autoFocus maxLength={64} />} />
        <FormField control={control} name="description" label={t('access.field.description')} render={(f) => <Input.TextArea {...f} value={f.value ?? ''} maxLength={255} rows={2} />} />
        {!group && <FormField control={control} name="userIds" label={t('access.field.members')} render={(f) => <Select {...f} mode="multiple" allowClear options={memberOptions} optionFilterProp="label" />} />}
      </Form>
    </AppModal>
  );
}
