import type { DefinitionSource } from './common';
import { anonymousAuth, batchSize, database, endTime, field, host, logLevel, param, plainAuth, port, readConcurrency, startTime, str, timeLike } from './common';

/** The query template pairs ${start_datetime}/${end_datetime} or ${start_timestamp}/${end_timestamp} (§5). */
export const mongodb: DefinitionSource = (t) => ({
  id: 'mongodb',
  type: 'mongodb://',
  name: 'MongoDB',
  license_id: 'mongodb',
  description: t('Migrates or synchronises a collection of MongoDB.', '迁移或同步 MongoDB 的集合。'),
  options: { host: host(t), port: port(t, 27017), database: database(t), subject: str('collection', t('Collection', '集合'), { required: true }) },
  authentication: [plainAuth(t), anonymousAuth(t)],
  params: [
    param('query', t('Query template', '查询模板'), { type: 'str' }, {
      required: true,
      placeholder: '{"ts": {"$gte": ${start_datetime}, "$lt": ${end_datetime}}}',
    }),
    startTime(t, true),
    endTime(t),
  ],
  groups: [
    {
      name: 'stepping',
      display: t('Stepping', '步进'),
      params: [
        timeLike('duration', 'interval', t('Query interval', '查询间隔'), { min: 1, value: 1, unit: 'd', units: ['s', 'm', 'h', 'd'] }),
        timeLike('duration', 'delay', t('Delay', '延迟'), { min: 0, value: 10, unit: 's' }),
      ],
    },
  ],
  advanced: [readConcurrency(t, 0, 1000, 0), batchSize(t, 100000, 10000), logLevel(t)],
  parser: { fields: [field('value', 'varchar')] },
});
