import type { alerts as en } from '../en/alerts';

export const alerts: Record<keyof typeof en, string> = {
  'alerts.field.read': '状态',
  'alerts.field.type': '类型',
  'alerts.field.content': '消息',
  'alerts.field.time': '时间',
  'alerts.read': '已读',
  'alerts.unread': '未读',
  'alerts.type.CPU': '处理器',
  'alerts.type.MEMORY': '内存',
  'alerts.type.DISK': '磁盘',
  'alerts.show.all': '全部',
  'alerts.show.unread': '未读',
  'alerts.show.read': '已读',
  'alerts.markRead': '标记为已读（{{count}}）',
  'alerts.delete': '删除（{{count}}）',
  'alerts.confirmDelete': '确定删除 {{count}} 条告警吗？',
  'alerts.empty': '暂无告警',
};
