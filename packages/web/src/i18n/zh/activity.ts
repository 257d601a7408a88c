import type { activity as en } from '../en/activity';

export const activity: Record<keyof typeof en, string> = {
  'activity.field.type': '类型',
  'activity.field.operation': '操作',
  'activity.field.requestTime': '请求时间',
  'activity.field.originator': '操作人',
  'activity.field.requestIp': '请求 IP',
  'activity.field.result': '结果',
  'activity.result.SUCCESS': '成功',
  'activity.result.FAILURE': '失败',
  'activity.range.hour': '最近 1 小时',
  'activity.range.day': '最近 24 小时',
  'activity.range.week': '最近 7 天',
  'activity.range.month': '最近 30 天',
  'activity.range.quarter': '最近 90 天',
  'activity.range.custom': '自定义',
};
