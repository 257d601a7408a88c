import { Button, Card, Dropdown, Space } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppType, Privilege } from '@tscloud/contracts';
import { ReadOnlyBanner } from '../org/ReadOnlyBanner';
import { useOrgContext } from '../org/useOrgContext';
import { useSession } from '../../state/session';
import { InstancesTable } from './InstancesTable';
import { createPath } from './createType';
import { selectCurrentInstance } from '../../components/instances/selectInstance';
import { useInstanceListQuery } from '../../components/instances/useInstancePolling';

/** instances (organization screen, default): the organization's instances with their status, kept fresh by the poll. */
export default function InstancesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orgId, readOnly, canWrite } = useOrgContext();
  const currentId = useSession((s) => s.current.instanceId);
  const list = useInstanceListQuery(orgId);
  if (!orgId) return null;
  return (
    <>
      <ReadOnlyBanner />
      <Card
        title={t('menu.instances')}
        extra={
          <Dropdown
            disabled={!canWrite(Privilege.INSTANCE_CREATE)}
            menu={{
              items: [
                { key: AppType.TSDB, label: t('instances.type.tsdb') },
                { key: AppType.TDASSET, label: t('instances.type.idmp') },
              ],
              onClick: ({ key }) => navigate(createPath(key as typeof AppType.TSDB)),
            }}
          >
            <Button type="primary" icon={<PlusOutlined />}>
              <Space>
                {t('instances.create.button')}
                <DownOutlined />
              </Space>
            </Button>
          </Dropdown>
        }
      >
        <InstancesTable
          instances={list.data ?? []}
          loading={list.isLoading}
          currentId={currentId}
          readOnly={readOnly}
          onSelect={(instance) => void selectCurrentInstance(orgId, instance)}
        />
      </Card>
    </>
  );
}
