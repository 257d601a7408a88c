import {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BellOutlined, CodeOutlined, CustomerServiceOutlined, DashboardOutlined,
  DatabaseOutlined, HistoryOutlined, ImportOutlined, NodeIndexOutlined, SafetyOutlined, TeamOutlined, ToolOutlined, WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { IconName } from '../../routes/table';

export const MENU_ICONS: Record<IconName, ReactNode> = {
  dashboard: <DashboardOutlined />,
  dataIn: <ImportOutlined />,
  explorer: <DatabaseOutlined />,
  programming: <CodeOutlined />,
  stream: <NodeIndexOutlined />,
  topic: <ApartmentOutlined />,
  tools: <ToolOutlined />,
  instanceAccess: <SafetyOutlined />,
  instances: <AppstoreOutlined />,
  billing: <WalletOutlined />,
  orgAccess: <TeamOutlined />,
  support: <CustomerServiceOutlined />,
  activity: <HistoryOutlined />,
  alert: <BellOutlined />,
};

export const FALLBACK_ICON = <AlertOutlined />;
