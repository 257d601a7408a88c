import type { errors as en } from '../en/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.unknown': '未知错误',
  'errors.timeout': '请求超时',
  'errors.chunkLoad': '已加载新版本，正在刷新页面',
};
