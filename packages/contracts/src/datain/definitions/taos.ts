import type { DefinitionSource } from './common';
import { choice, database, endTime, host, logLevel, plainAuth, port, readConcurrency, startTime, str, timeLike, writeConcurrency } from './common';

/** TDengine 2.x through its REST port (6041); §4 modes and schema modes, §9 unit, interval and excursion. */
export const taos: DefinitionSource = (t) => ({
  id: 'taos',
  type: 'taos+http://',
  name: t('TDengine 2.x', 'TDengine 2.x'),
  license_id: 'taos',
  description: t('Migrates or synchronises a database of a TDengine 2.x cluster.', '迁移或同步 TDengine 2.x 集群中的数据库。'),
  options: { host: host(t), port: port(t, 6041), database: database(t) },
  authentication: [plainAuth(t)],
  params: [
    choice('mode', t('Mode', '模式'), [
      { value: 'history', label: t('History', '历史') },
      { value: 'realtime', label: t('Real time', '实时') },
      { value: 'all', label: t('All', '全部') },
    ], { value: 'history' }),
    startTime(t, false),
    endTime(t),
  ],
  groups: [
    {
      name: 'schema',
      display: t('Schema', '表结构'),
      params: [
        choice('schema_mode', t('Schema mode', '表结构模式'), [
          { value: 'always', label: t('Always', '总是') },
          { value: 'none', label: t('None', '不同步') },
          { value: 'only', label: t('Only the schema', '仅表结构') },
        ], { value: 'always' }),
        timeLike('duration', 'schema_polling_interval', t('Schema polling interval', '表结构轮询间隔'), { min: 1, value: 5, unit: 's', units: ['s', 'm', 'h'] }),
      ],
    },
    {
      name: 'history',
      display: t('History', '历史数据'),
      params: [
        timeLike('duration', 'unit', t('Time unit per read', '每次读取的时间跨度'), { min: 1, value: 1, unit: 'd', units: ['s', 'm', 'h', 'd'] }),
        timeLike('duration', 'interval', t('Interval', '间隔'), { min: 1, value: 1, unit: 's', units: ['ms', 's', 'm'] }),
        timeLike('duration', 'excursion', t('Excursion', '偏移'), { min: 0, value: 500, unit: 'ms', units: ['ms', 's'] }),
      ],
    },
    {
      name: 'concurrency',
      display: t('Concurrency', '并发'),
      params: [readConcurrency(t, 0, 100, 0), writeConcurrency(t, 1, 100, 1)],
    },
  ],
  advanced: [
    str('fails_to', t('Failed rows file', '失败数据文件'), {
      description: t('Empty: a write failure stops the task. Set: failed rows are logged to it and the task continues.', '为空时写入失败即停止任务；设置后失败数据写入该文件，任务继续。'),
    }),
    timeLike('duration', 'realtime_interval', t('Real-time interval', '实时间隔'), { min: 1, value: 1, unit: 's' }),
    logLevel(t),
  ],
});
