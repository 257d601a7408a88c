import type { alerts as en } from '../en/alerts';

export const alerts: Record<keyof typeof en, string> = {
  'alerts.serviceBusy.title': '控制台未能完整加载',
  'alerts.serviceBusy.text': '服务繁忙：{{call}} 尝试了 {{attempts}} 次仍未响应，因此暂时无法显示您的组织和实例。请稍候，然后重新加载。',
  'alerts.serviceBusy.reload': '重新加载',
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
