import { Checkbox, Divider, Form, Input, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { roleCreateSchema, type PrivilegeName, type Role } from '@tscloud/contracts';
import type { z } from 'zod';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useCreateRole } from '../../data/access/createRole';
import { useUpdateRole } from '../../data/access/updateRole';
import { privilegeGroups } from './privilegeGroups';
import { privilegeAreaLabel, privilegeLabel } from '../../components/access/accessLabels';

type RoleForm = z.input<typeof roleCreateSchema>;

/** Create or edit a custom role: a name, a description and the privilege strings it grants. */
export function RoleDialog({ orgId, role, onClose }: { orgId: string; role?: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRole(orgId);
  const update = useUpdateRole(orgId);
  const { control, handleSubmit } = useForm<RoleForm>({
    resolver: zodResolver(roleCreateSchema),
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '', privileges: role?.privileges ?? [] },
  });
  const submit = handleSubmit(async (v) => {
    const call = role ? update.mutateAsync({ id: role.id, body: v }) : create.mutateAsync(v);
    if (!(await call.then(() => true, () => false))) return;
    notifier.success(t(role ? 'access.role.updated' : 'access.role.created'));
    onClose();
  });
  return (
    <AppModal open width={640} title={t(role ? 'access.role.edit' : 'access.role.create')} okText={t('access.action.save')} cancelText={t('common.cancel')} confirmLoading={create.isPending || update.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical" onFinish={() => void submit()}>
        <FormField control={control} name="name" label={t('access.field.name')} required render={(f) => <Input {...f} autoFocus maxLength={64} />} />
        <FormField control={control} name="description" label={t('access.field.description')} render={(f) => <Input.TextArea {...f} value={f.value ?? ''} maxLength={255} rows={2} />} />
        <FormField
          control={control}
          name="privileges"
          label={t('access.field.privileges')}
          required
          render={(f) => (
            <Checkbox.Group value={f.value as PrivilegeName[]} onChange={(v) => f.onChange(v)} style={{ display: 'block' }}>
              {privilegeGroups().map(({ area, privileges }) => (
                <div key={area}>
                  <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
                    <Typography.Text type="secondary">{privilegeAreaLabel(area)}</Typography.Text>
                  </Divider>
                  {privileges.map((p) => (
                    <Checkbox key={p} value={p} style={{ marginInlineStart: 0, width: '50%' }}>
                      {privilegeLabel(p)}{' '}
                      <Typography.Text type="secondary" code>
                        {p}
                      </Typography.Text>
                    </Checkbox>
                  ))}
                </div>
              ))}
            </Checkbox.Group>
          )}
        />
      </Form>
    </AppModal>
  );
}
