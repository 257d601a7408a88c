import type { dataInPoints as en } from '../en/dataInPoints';

/** 数据写入的 OPC 点位文件页（docs/data-in.md "Point files"）。 */
export const dataInPoints: Record<keyof typeof en, string> = {
  'dataIn.points.title': '点位文件 {{file}}',
  'dataIn.points.driver.opcua': 'OPC UA',
  'dataIn.points.driver.opcda': 'OPC DA',
  'dataIn.points.download': '下载',
  'dataIn.points.template.opcua': 'OPC UA 模板',
  'dataIn.points.template.opcda': 'OPC DA 模板',
  'dataIn.points.missingColumns': '这不是点位文件：表头缺少 {{columns}}',
  'dataIn.points.counts': '共 {{total}} 个点位，{{invalid}} 个有问题',
  'dataIn.points.empty': '文件中没有点位',
  'dataIn.points.line': '行',
  'dataIn.points.tag': '标签',
  'dataIn.points.view': '查看点位',
};
