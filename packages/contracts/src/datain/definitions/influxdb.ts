import type { DefinitionSource } from './common';
import { batchSize, batchTimeout, choice, endTime, host, logLevel, password, port, readConcurrency, str, time, username, writeConcurrency } from './common';
import { readWindowParams } from './read-window';

/** The version is the authentication alternative: 1.x by user and password, 2.x by organization and token (§5 "version fields"). */
export const influxdb: DefinitionSource = (t) => ({
  id: 'influxdb',
  type: 'influxdb://',
  name: 'InfluxDB',
  license_id: 'influxdb',
  description: t('Migrates or synchronises a bucket of InfluxDB 1.x or 2.x.', '迁移或同步 InfluxDB 1.x 或 2.x 的存储桶。'),
  options: { host: host(t), port: port(t, 8086), subject: str('bucket', t('Bucket', '存储桶'), { required: true }) },
  protocol: choice('protocol', t('Protocol', '协议'), [{ value: 'http', label: 'HTTP' }, { value: 'https', label: 'HTTPS' }], { value: 'http' }),
  authentication: [
    { kind: '1.x', display: 'InfluxDB 1.x', params: [username(t, true), password(t, true)] },
    { kind: '2.x', display: 'InfluxDB 2.x', params: [str('org', t('Organization', '组织'), { required: true }), str('token', t('Token', '令牌'), { required: true })] },
  ],
  params: [time('beginTime', t('Begin time', '起始时间'), { required: true }), endTime(t), str('measurements', t('Measurements', '测量'), { multiple: true })],
  groups: [{ name: 'window', display: t('Reading', '读取'), params: readWindowParams(t) }],
  advanced: [
    readConcurrency(t, 1, 100, 50),
    writeConcurrency(t, 1, 500, 50),
    batchSize(t, 10000, 5000),
    batchTimeout(t, { max: 10000, unit: 'ms' }),
    logLevel(t),
  ],
});
