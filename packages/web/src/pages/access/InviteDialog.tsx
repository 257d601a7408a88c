import { Form, Input, Select } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { inviteSchema } from '@tscloud/contracts';
import type { z } from 'zod';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useGroups } from '../../data/access/groups';
import { useInviteMember } from '../../data/access/invite';

type InviteForm = z.input<typeof inviteSchema>;

/** Invites by e-mail into the current organization, optionally into groups (which carry the invitee's roles). */
export function InviteDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const groups = useGroups(orgId);
  const invite = useInviteMember(orgId);
  const { control, handleSubmit } = useForm<InviteForm>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', groupIds: [] } });
  const submit = handleSubmit(async (values) => {
    const result = await invite.mutateAsync({ email: values.email.trim(), groupIds: values.groupIds ?? [] }).catch(() => null);
    if (!result) return;
    notifier.success(t(result.existingUser ? 'access.invite.sentExisting' : 'access.invite.sentNew', { email: result.email }));
    onClose();
  });
  return (
    <AppModal open title={t('access.invite.title')} okText={t('access.invite.submit')} cancelText={t('common.cancel')} confirmLoading={invite.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical" onFinish={() => void submit()}>
        <FormField control={control} name="email" label={t('access.field.email')} required render={(f) => <Input {...f} type="email" autoFocus autoComplete="off" />} />
        <FormField
          control={control}
          name="groupIds"
          label={t('access.field.groups')}
          render={(f) => <Select {...f} mode="multiple" allowClear loading={groups.isLoading} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />}
        />
      </Form>
    </AppModal>
  );
}
