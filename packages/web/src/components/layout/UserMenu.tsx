import { Avatar, Dropdown, Space, Typography } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { logout } from '../../state/logout';
import { Paths } from '../../routes/paths';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'settings', icon: <SettingOutlined />, label: t('layout.user.settings'), onClick: () => navigate(Paths.SETTING) },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.user.logout'), onClick: () => void logout() },
        ],
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Text>{name}</Typography.Text>
      </Space>
    </Dropdown>
  );
}
