import { Suspense } from 'react';
import { Button, Flex, Layout, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setSidebarOpen, useSession } from '../../state/session';
import { useShell } from '../../routes/shell';
import { FullPageSpinner } from '../feedback/FullPageSpinner';
import { SideMenu } from './SideMenu';
import { OrgSwitcher } from './OrgSwitcher';
import { InstanceSwitcher } from './InstanceSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { HelpMenu } from './HelpMenu';
import { AlertsBell } from './AlertsBell';
import { UserMenu } from './UserMenu';
import { InstanceWatcher } from '../instances/useInstancePolling';

/** The console frame: side menu (open/closed remembered, default open), header, page. */
export function AppLayout() {
  const { t } = useTranslation();
  const open = useSession((s) => s.sidebarOpen);
  const { menu } = useShell();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <InstanceWatcher />
      <Layout.Sider theme="light" width={224} collapsible collapsed={!open} trigger={null} style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <Typography.Title level={4} style={{ color: '#4259ce', margin: 16, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {open ? t('common.appName') : t('common.appShortName')}
        </Typography.Title>
        <SideMenu menu={menu} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px', borderBottom: '1px solid #f0f0f0' }}>
          <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={12}>
            <Flex align="center" gap={12}>
              <Button
                type="text"
                aria-label={open ? t('layout.sidebar.collapse') : t('layout.sidebar.expand')}
                icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                onClick={() => setSidebarOpen(!open)}
              />
              <OrgSwitcher />
              <InstanceSwitcher />
            </Flex>
            <Flex align="center" gap={12}>
              <LanguageSwitch />
              <HelpMenu />
              <AlertsBell />
              <UserMenu />
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
