/** The change log (/activity and the organization's instance logs). */
export const activity = {
  'activity.field.type': 'Type',
  'activity.field.operation': 'Operation',
  'activity.field.requestTime': 'Request time',
  'activity.field.originator': 'Originator',
  'activity.field.requestIp': 'Request IP',
  'activity.field.result': 'Result',
  'activity.result.SUCCESS': 'Success',
  'activity.result.FAILURE': 'Failure',
  'activity.range.1h': 'Last hour',
  'activity.range.24h': 'Last 24 hours',
  'activity.range.7d': 'Last 7 days',
  'activity.range.30d': 'Last 30 days',
  'activity.range.custom': 'Custom',
} as const;
