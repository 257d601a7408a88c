import type { ConnectorDefinition } from '../types';
import type { Translate } from './common';
import { batchSize, batchTimeout, connectTimeout, host, logLevel, plainAuth, rawDataKeepDays, readConcurrency, str } from './common';

/** What PI and PI Backfill share: host, AF database, PI system name (§5 required), datasets by point list or AF template. */
export function piBase(t: Translate): Omit<ConnectorDefinition, 'id' | 'type' | 'name' | 'license_id' | 'description' | 'params'> {
  const download = (via: string) => ({ display: t('Download the default configuration', '下载默认配置文件'), call: `/ds/in/download/pi_default_config?via=${via}` });
  return {
    options: { host: host(t) },
    authentication: [plainAuth(t, false)],
    groups: [
      {
        name: 'pi',
        display: t('PI server', 'PI 服务器'),
        params: [str('af_database', t('AF database', 'AF 数据库'), { required: true }), str('PISystemName', t('PI system name', 'PI 系统名称'), { required: true })],
      },
    ],
    advanced: [connectTimeout(t), readConcurrency(t, 0, 1000, 0), batchSize(t, 10000, 1000), batchTimeout(t, { max: 60, unit: 's' }), rawDataKeepDays(t), logLevel(t)],
    datasets: {
      display: t('Datasets', '数据集'),
      categories: [
        { key: 'point_list', display: t('PI points', 'PI 测点'), params: [str('point_list', t('Point names', '测点名称'), { multiple: true })], download: download('point_list') },
        { key: 'template_for_element', display: t('AF element templates', 'AF 元素模板'), params: [str('template_for_element', t('Templates', '模板'), { multiple: true })], download: download('template_for_element') },
      ],
    },
  };
}
