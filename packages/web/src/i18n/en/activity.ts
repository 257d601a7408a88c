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
  'activity.range.hour': 'Last hour',
  'activity.range.day': 'Last 24 hours',
  'activity.range.week': 'Last 7 days',
  'activity.range.month': 'Last 30 days',
  'activity.range.quarter': 'Last 90 days',
  'activity.range.custom': 'Custom',
} as const;
