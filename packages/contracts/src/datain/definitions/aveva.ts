import type { DefinitionSource } from './common';
import { batchSize, choice, database, endTime, field, host, integer, logLevel, plainAuth, port, startTime, str, timeLike } from './common';

/** AVEVA Historian, read through its SQL Server interface (port 1433, database Runtime). */
export const aveva: DefinitionSource = (t) => ({
  id: 'aveva',
  type: 'aveva+historian://',
  name: 'AVEVA Historian',
  license_id: 'aveva',
  description: t('Migrates or synchronises tags of AVEVA Historian.', '迁移或同步 AVEVA Historian 的标签。'),
  options: { host: host(t), port: port(t, 1433), database: { ...database(t), value: 'Runtime' } },
  authentication: [plainAuth(t)],
  params: [
    choice('mode', t('Mode', '模式'), [
      { value: 'synchronize', label: t('Synchronize', '同步') },
      { value: 'migrate', label: t('Migrate', '迁移') },
    ], { value: 'synchronize' }),
    str('tags', t('Tags', '标签'), { multiple: true }),
    startTime(t, true),
    endTime(t),
  ],
  groups: [
    {
      name: 'reading',
      display: t('Reading', '读取'),
      params: [
        integer('tagListSize', t('Tags per query', '每次查询的标签数'), { min: 1, max: 1000 }, { value: 10 }),
        timeLike('duration', 'retrieveInterval', t('Retrieve interval', '检索间隔'), { min: 1, value: 10, unit: 's' }),
        timeLike('duration', 'timeWindow', t('Time window', '时间窗口'), { min: 1, value: 1, unit: 'd', units: ['m', 'h', 'd'] }),
        timeLike('duration', 'tolerance', t('Tolerance', '容差'), { min: 0, value: 0, unit: 'ms' }),
      ],
    },
  ],
  advanced: [batchSize(t, 100000, 10000), logLevel(t)],
  parser: {
    fields: [
      field('DateTime', 'timestamp'),
      field('TagName', 'varchar'),
      field('Value', 'double'),
      field('vValue', 'varchar'),
      field('Quality', 'int'),
      field('QualityDetail', 'int'),
      field('OPCQuality', 'int'),
      field('wwTagKey', 'int'),
      field('wwResolution', 'int'),
      field('StartDateTime', 'timestamp'),
      field('SourceTag', 'varchar'),
      field('SourceServer', 'varchar'),
    ],
  },
});
