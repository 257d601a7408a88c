import type { layout as en } from '../en/layout';

export const layout: Record<keyof typeof en, string> = {
  'layout.sidebar.collapse': '收起菜单',
  'layout.sidebar.expand': '展开菜单',
  'layout.org.label': '组织',
  'layout.org.none': '无组织',
  'layout.org.readOnly': '该组织为只读状态',
  'layout.instance.label': '实例',
  'layout.instance.none': '无实例',
  'layout.alerts.title': '告警',
  'layout.alerts.empty': '没有未读告警',
  'layout.alerts.viewAll': '查看全部',
  'layout.user.settings': '设置',
  'layout.user.logout': '退出登录',
  'layout.help.title': '帮助',
  'layout.help.support': '邮件联系支持：{{email}}',
  'layout.maintenance.title': '维护通知',
  'layout.abnormal.title': '状态 {{status}}',
};
