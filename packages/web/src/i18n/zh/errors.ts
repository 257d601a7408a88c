import type { errors as en } from '../en/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.unknown': '未知错误',
  'errors.timeout': '请求超时',
  'errors.chunkLoad': '已加载新版本，正在刷新页面',
  'errors.pageLoadFailed': '此页面无法加载，可能已发布新版本，请重新加载页面。',
  'errors.reloadPage': '重新加载',
};
