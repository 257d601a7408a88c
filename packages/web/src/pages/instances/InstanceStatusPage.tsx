import { Button, Descriptions, Result, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { Paths } from '../../routes/paths';
import { StatusBadge } from './StatusBadge';
import { IdmpNotice } from './IdmpNotice';
import { UpgradeButton } from './UpgradeButton';
import { useInstanceListQuery, useInstanceWatcher } from '../../components/instances/useInstancePolling';
import { placeLabel } from '../../components/instances/placeNames';

/**
 * /instanceStatus (stand-alone): the current instance's status, followed by the polls until it runs; then on to the
 * console. Without an instance it offers to create one.
 */
export default function InstanceStatusPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useInstanceWatcher();
  const { orgId, instanceId } = useSession((s) => s.current);
  const list = useInstanceListQuery(orgId);
  const instance = list.data?.find((i) => i.id === instanceId) ?? null;
  if (list.isLoading) return <Spin style={{ margin: 48 }} />;
  return (
    <>
      {instance ? (
        <Result
          status={instance.cluster_status === 'Running' ? 'success' : instance.cluster_status === 'Failed' || instance.cluster_status === 'Error' ? 'error' : 'info'}
          title={instance.alias || instance.name}
          subTitle={<StatusBadge status={instance.cluster_status} reason={instance.status_reason} />}
          extra={
            <Space>
              <Button type="primary" onClick={() => navigate(Paths.INSTANCES)}>
                {t('instances.statusPage.toConsole')}
              </Button>
              <UpgradeButton instance={instance} type="default" />
            </Space>
          }
        >
          <IdmpNotice appType={instance.app_type} />
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('instances.field.region')}>{placeLabel(instance)}</Descriptions.Item>
            <Descriptions.Item label={t('instances.field.name')}>{instance.name}</Descriptions.Item>
            {instance.status_reason && <Descriptions.Item label={t('instances.field.reason')}>{instance.status_reason}</Descriptions.Item>}
          </Descriptions>
        </Result>
      ) : (
        <Result
          status="info"
          title={t('instances.statusPage.none')}
          extra={
            <Button type="primary" onClick={() => navigate(Paths.CREATE_FIRST_INSTANCE)}>
              {t('menu.createFirstInstance')}
            </Button>
          }
        />
      )}
    </>
  );
}
