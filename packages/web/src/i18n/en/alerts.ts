/** The alert list (/alert). */
export const alerts = {
  'alerts.field.read': 'State',
  'alerts.field.type': 'Type',
  'alerts.field.content': 'Message',
  'alerts.field.time': 'Time',
  'alerts.read': 'Read',
  'alerts.unread': 'Unread',
  'alerts.type.CPU': 'CPU',
  'alerts.type.MEMORY': 'Memory',
  'alerts.type.DISK': 'Disk',
  'alerts.show.all': 'All',
  'alerts.show.unread': 'Unread',
  'alerts.show.read': 'Read',
  'alerts.markRead': 'Mark read ({{count}})',
  'alerts.delete': 'Delete ({{count}})',
  'alerts.confirmDelete': 'Delete {{count}} alerts?',
  'alerts.empty': 'No alerts',
} as const;
