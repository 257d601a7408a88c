import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege, ResType, mayGiveRole, type MessageKey, type ResTypeValue } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { notifier } from '../../components/feedback/notifier';
import { useGrantRoles } from '../../data/access/grantRoles';
import { useGroups } from '../../data/access/groups';
import { useRoles } from '../../data/access/roles';
import { useBoot } from '../../state/boot';
import { useShell } from '../../routes/shell';
import { ExpiryPicker } from './ExpiryPicker';
import { roleLabel } from '../../components/access/accessLabels';
import { grantFormErrors, type GrantErrors } from './grantRules';
import { isQualifiedName, toGrantResources } from './grantResources';

export type GrantTarget = { kind: 'user'; userId: string; label: string } | { kind: 'group'; groupId: string; label: string };

/**
 * Grants a role to a member or a group at ORG, INSTANCE, DATABASE, STABLE or VIEW level with an optional expiry;
 * a member may also (or only) be added to groups. The §5 rules are checked before sending (grantRules.ts).
 */
export function GrantDialog({ orgId, target, onClose }: { orgId: string; target: GrantTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useRoles(orgId);
  const groups = useGroups(orgId);
  // As the server decides: only roles whose privileges the caller holds at organization level (which covers every
  // level below), and adding to groups only with group management.
  const held = useShell().org?.privileges ?? [];
  const givable = (roles.data ?? []).filter((r) => mayGiveRole(held, r.privileges));
  const mayAddToGroups = held.includes(Privilege.GROUP_MANAGE);
  const instances = useBoot((b) => b.instances);
  const grant = useGrantRoles(orgId);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [resType, setResType] = useState<ResTypeValue>('ORG');
  const [instanceIds, setInstanceIds] = useState<string[]>([]);
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [expiration, setExpiration] = useState<number | null>(null);
  const [errors, setErrors] = useState<GrantErrors>({});

  const resources = toGrantResources(resType, instanceIds, instanceId, names);
  const instanceOptions = instances.map((i) => ({ value: i.id, label: i.alias || i.name }));
  const status = (key?: MessageKey) => (key ? { validateStatus: 'error' as const, help: t(key) } : {});

  const submit = async () => {
    const found = grantFormErrors({ target: target.kind, groupIds, roleId, resType, resources, expiration }, Date.now());
    setErrors(found);
    if (Object.keys(found).length) return;
    const who = target.kind === 'user' ? { userId: target.userId, groupIds } : { groupId: target.groupId };
    const done = await grant.mutateAsync({ ...who, roleId: roleId ?? undefined, resType, resources, expiration }).then(() => true, () => false);
    if (!done) return;
    notifier.success(t('access.grant.done'));
    onClose();
  };

  return (
    <AppModal open width={560} title={t('access.grant.title', { name: target.label })} okText={t('access.grant.submit')} cancelText={t('common.cancel')} confirmLoading={grant.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical">
        {target.kind === 'user' && mayAddToGroups && (
          <Form.Item htmlFor="grant-groups" label={t('access.field.groups')} {...status(errors.groupIds)} extra={t('access.grant.groupsHint')}>
            <Select id="grant-groups" mode="multiple" allowClear value={groupIds} onChange={setGroupIds} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
          </Form.Item>
        )}
        <Form.Item htmlFor="grant-role" label={t('access.field.role')} required={target.kind === 'group'} {...status(errors.roleId)}>
          <Select id="grant-role" allowClear value={roleId ?? undefined} onChange={(v?: string) => setRoleId(v ?? null)} loading={roles.isLoading} options={givable.map((r) => ({ value: r.id, label: roleLabel(r.name) }))} />
        </Form.Item>
        {roleId && (
          <>
            <Form.Item htmlFor="grant-level" label={t('access.field.level')} required>
              <Select id="grant-level" value={resType} onChange={(v: ResTypeValue) => setResType(v)} options={ResType.map((r) => ({ value: r, label: t(`access.level.${r}`) }))} />
            </Form.Item>
            {resType === 'INSTANCE' && (
              <Form.Item htmlFor="grant-instances" label={t('access.field.instances')} required {...status(errors.resources)}>
                <Select id="grant-instances" mode="multiple" value={instanceIds} onChange={setInstanceIds} options={instanceOptions} notFoundContent={t('access.grant.noInstances')} />
              </Form.Item>
            )}
            {resType !== 'ORG' && resType !== 'INSTANCE' && (
              <>
                <Form.Item htmlFor="grant-instance" label={t('access.field.instance')} required>
                  <Select id="grant-instance" value={instanceId ?? undefined} onChange={(v: string) => setInstanceId(v)} options={instanceOptions} notFoundContent={t('access.grant.noInstances')} />
                </Form.Item>
                <Form.Item htmlFor="grant-names" label={t(`access.field.names.${resType}`)} required {...status(errors.resources)} extra={t(`access.grant.namesHint.${resType}`)}>
                  <Select id="grant-names" mode="tags" value={names} onChange={(v: string[]) => setNames(v.filter((n) => isQualifiedName(resType, n)))} open={false} tokenSeparators={[',', ' ']} />
                </Form.Item>
              </>
            )}
            <Form.Item htmlFor="grant-expiration" label={t('access.field.expiration')} {...status(errors.expiration)}>
              <ExpiryPicker id="grant-expiration" value={expiration} onChange={setExpiration} />
            </Form.Item>
          </>
        )}
      </Form>
    </AppModal>
  );
}
