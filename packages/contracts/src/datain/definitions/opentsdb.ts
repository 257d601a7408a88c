import type { DefinitionSource } from './common';
import { anonymousAuth, batchSize, endTime, host, logLevel, plainAuth, port, readConcurrency, str, time } from './common';
import { readWindowParams } from './read-window';

export const opentsdb: DefinitionSource = (t) => ({
  id: 'opentsdb',
  type: 'opentsdb://',
  name: 'OpenTSDB',
  license_id: 'opentsdb',
  description: t('Migrates or synchronises metrics of OpenTSDB.', '迁移或同步 OpenTSDB 的指标。'),
  options: { host: host(t), port: port(t, 4242) },
  authentication: [anonymousAuth(t), plainAuth(t)],
  params: [str('metrics', t('Metrics', '指标'), { multiple: true }), time('beginTime', t('Begin time', '起始时间'), { required: true }), endTime(t)],
  groups: [{ name: 'window', display: t('Reading', '读取'), params: readWindowParams(t) }],
  advanced: [readConcurrency(t, 0, 1000, 0), batchSize(t, 10000, 5000), logLevel(t)],
});
