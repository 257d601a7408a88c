import { Alert, Button, Card, Form, Input, Popconfirm, Result, Space, Spin, Table } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Privilege, allowListEntrySchema, satisfies, type IpAllowEntry } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { formatDateTime } from '../../config/format';
import { useAllowList, useAllowListMutations } from '../../data/instances/allowList';
import { translateMessage } from '../../i18n';
import { isApiError } from '../../api/errors';
import { useShell } from '../../routes/shell';
import { isFreePlan } from '../instances/planDisplay';
import { useCurrentInstance } from '../instances/useCurrentInstance';

const addForm = z.object({ ip: allowListEntrySchema });
type AddForm = z.input<typeof addForm>;

/**
 * instanceAccessControl/ipWhiteList: the addresses that may reach the instance's gateway (empty: all). IPv4 or IPv6,
 * each an address or a CIDR range (contracts ip-allow.ts), checked before sending. Standard and enterprise plans only: the free
 * plan shows an upgrade notice instead of the form.
 */
export default function IpWhiteListPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dashboard.noInstance')} />;
  const free = isFreePlan(instance.app_price_plan_level ?? instance.plan);
  const canManage = !readOnly && !free && satisfies(instance.privileges, { allOf: [Privilege.IP_WHITELIST_MANAGE] });
  return (
    <Card title={t('menu.ipWhiteList')}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {free ? <Alert type="warning" showIcon title={t('error.planFeature')} description={t('ipWhiteList.upgrade')} data-testid="ip-upgrade-notice" /> : <Alert type="info" showIcon title={t('ipWhiteList.hint')} />}
        {canManage && <AddAddress instance={instance} />}
        <AllowListTable instance={instance} canManage={canManage} />
      </Space>
    </Card>
  );
}

function AddAddress({ instance }: { instance: { id: string; region_id: string } }) {
  const { t } = useTranslation();
  const { add } = useAllowListMutations(instance);
  const { control, handleSubmit, setError, reset } = useForm<AddForm>({ resolver: zodResolver(addForm), defaultValues: { ip: '' }, mode: 'onChange' });
  const submit = handleSubmit(async ({ ip }) => {
    try {
      await add.mutateAsync(ip);
      notifier.success(t('ipWhiteList.added'));
      reset({ ip: '' });
    } catch (error) {
      setError('ip', { message: translateMessage(isApiError(error) ? error.message : String(error)) });
    }
  });
  return (
    <Form layout="inline" onFinish={() => void submit()}>
      <FormField control={control} name="ip" label={t('ipWhiteList.address')} required render={(f) => <Input {...f} placeholder={t('ipWhiteList.placeholder')} style={{ width: 340 }} />} />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('ipWhiteList.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function AllowListTable({ instance, canManage }: { instance: { id: string; region_id: string }; canManage: boolean }) {
  const { t } = useTranslation();
  const list = useAllowList(instance);
  const { remove } = useAllowListMutations(instance);
  return (
    <Table<IpAllowEntry>
      rowKey="id"
      size="middle"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      locale={{ emptyText: t('ipWhiteList.empty') }}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { key: 'ip', title: t('ipWhiteList.address'), dataIndex: 'ip' },
        { key: 'created', title: t('instances.field.created'), render: (_, e) => formatDateTime(e.create_time) },
        {
          key: 'actions',
          title: t('instances.field.actions'),
          render: (_, e) =>
            canManage && (
              <Popconfirm title={t('ipWhiteList.removeConfirm', { ip: e.ip })} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => remove.mutate(e.id)}>
                <Button size="small" type="link" danger>
                  {t('ipWhiteList.remove')}
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
