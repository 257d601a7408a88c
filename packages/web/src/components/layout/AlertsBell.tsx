import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadAlerts } from '../../data/alerts/unread';
import { usePageVisible } from '../../app/pageVisibility';
import { useSession } from '../../state/session';
import { Paths } from '../../routes/paths';

/** The account-alert check: unread alerts (page size 10, status 0), at most every 30 s while the page is visible. */
export function AlertsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orgId = useSession((s) => s.current.orgId);
  const visible = usePageVisible();
  const { data } = useUnreadAlerts(orgId, visible);
  const alerts = data?.list ?? [];

  const content = (
    <div style={{ width: 320 }}>
      {alerts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.alerts.empty')} />
      ) : (
        <List size="small" dataSource={alerts} renderItem={(a) => <List.Item key={a.id}>{a.content}</List.Item>} />
      )}
      <Button type="link" block onClick={() => navigate(Paths.ALERT)}>
        {t('layout.alerts.viewAll')}
      </Button>
    </div>
  );

  return (
    <Popover content={content} title={<Typography.Text strong>{t('layout.alerts.title')}</Typography.Text>} trigger="click" placement="bottomRight">
      <Badge count={data?.total ?? 0} size="small" overflowCount={99}>
        <Button type="text" aria-label={t('layout.alerts.title')} icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
