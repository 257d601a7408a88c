import type { ConnectorDefinition, Param } from '../types';
import type { Translate } from './common';
import { batchSize, database, endTime, field, host, logLevel, param, plainAuth, port, readConcurrency, startTime, timeLike } from './common';

/**
 * MySQL, PostgreSQL, Oracle and SQL Server: host, port, database, username, password and start time required (§5);
 * the query template steps through history by interval with paired ${start}/${end} placeholders (sqlTemplateRule).
 */
export function sqlSource(
  t: Translate,
  source: Pick<ConnectorDefinition, 'id' | 'type' | 'name' | 'license_id'> & { port: number; databaseDisplay?: string; extra?: Param[] },
): ConnectorDefinition {
  return {
    id: source.id,
    type: source.type,
    name: source.name,
    license_id: source.license_id,
    description: t(`Migrates or synchronises tables of ${source.name} through a SQL template.`, `通过 SQL 模板迁移或同步 ${source.name} 的表。`),
    options: { host: host(t), port: port(t, source.port), database: database(t, source.databaseDisplay) },
    authentication: [plainAuth(t)],
    params: [
      param('sql', t('SQL template', 'SQL 模板'), { type: 'str' }, {
        required: true,
        placeholder: 'SELECT * FROM t WHERE ts >= ${start} AND ts < ${end}',
        description: t('Use ${start} and ${end} (or ${start_no_tz}/${end_no_tz}, ${start_date}/${end_date}) as the bounds of each step', '用 ${start} 与 ${end}（或 ${start_no_tz}/${end_no_tz}、${start_date}/${end_date}）作为每一步的时间范围'),
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
    advanced: [...(source.extra ?? []), readConcurrency(t, 0, 1000, 0), batchSize(t, 100000, 10000), logLevel(t)],
    parser: { fields: [field('DateTime', 'timestamp')] },
  };
}
