import { Alert, Form, Input, Select } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Privilege, inviteSchema, mayGiveRole } from '@tscloud/contracts';
import type { z } from 'zod';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useGroups } from '../../data/access/groups';
import { useInviteMember } from '../../data/access/invite';
import { useRoles } from '../../data/access/roles';
import { useShell } from '../../routes/shell';
import { roleLabel } from '../../components/access/accessLabels';

type InviteForm = z.input<typeof inviteSchema>;

/**
 * Invites by e-mail into the current organization with an organization-level role (granted at once, acting when the
 * invitee joins) and, with group management, into groups. As the server decides: only roles whose privileges the
 * caller holds at organization level are offered (mayGiveRole). Without a role nor a group the member would join
 * with no access: the dialog says so.
 */
export function InviteDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const held = useShell().org?.privileges ?? [];
  const mayAddToGroups = held.includes(Privilege.GROUP_MANAGE);
  const groups = useGroups(mayAddToGroups ? orgId : null);
  const roles = useRoles(orgId);
  const givable = (roles.data ?? []).filter((r) => mayGiveRole(held, r.privileges));
  const invite = useInviteMember(orgId);
  const { control, handleSubmit } = useForm<InviteForm>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', groupIds: [], roleId: undefined } });
  const [roleId, groupIds] = useWatch({ control, name: ['roleId', 'groupIds'] });
  const submit = handleSubmit(async (values) => {
    const result = await invite.mutateAsync({ email: values.email.trim(), groupIds: values.groupIds ?? [], roleId: values.roleId || undefined }).catch(() => null);
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
          name="roleId"
          label={t('access.invite.role')}
          render={(f) => (
            <Select
              {...f}
              value={f.value ?? undefined}
              onChange={(value?: string) => f.onChange(value ?? undefined)}
              allowClear
              aria-label={t('access.invite.role')}
              placeholder={t('access.invite.rolePlaceholder')}
              loading={roles.isLoading}
              options={givable.map((r) => ({ value: r.id, label: roleLabel(r.name) }))}
            />
          )}
        />
        {mayAddToGroups && (
          <FormField
            control={control}
            name="groupIds"
            label={t('access.field.groups')}
            render={(f) => <Select {...f} mode="multiple" allowClear loading={groups.isLoading} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />}
          />
        )}
        {!roleId && (groupIds ?? []).length === 0 && <Alert type="warning" showIcon title={t('access.invite.noRoleWarning')} />}
      </Form>
    </AppModal>
  );
}
