import { useState } from 'react';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { CustomerServiceOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { logout } from '../../state/logout';
import { Paths } from '../../routes/paths';
import { useDeskMe } from '../../data/desk/me';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  // whether the user is support staff is asked once the menu is first opened: only staff see the desk's entry
  const [opened, setOpened] = useState(false);
  const staff = useDeskMe(opened).data?.staff ?? false;
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
      menu={{
        items: [
          { key: 'settings', icon: <SettingOutlined />, label: t('layout.user.settings'), onClick: () => navigate(Paths.SETTING) },
          ...(staff ? [{ key: 'desk', icon: <CustomerServiceOutlined />, label: t('desk.link'), onClick: () => navigate('/desk') }] : []),
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
