import type { DefinitionSource } from './common';
import { anonymousAuth, batchSize, bool, choice, field, file, host, logLevel, password, port, rawDataKeepDays, readConcurrency, str, timeLike, username } from './common';

/** SASL and SSL fields are required only where selected (§5): they require their switch to be on. */
export const kafka: DefinitionSource = (t) => {
  const whenSasl = [{ name: 'sasl', value: true }];
  const whenSsl = [{ name: 'ssl', value: true }];
  return {
    id: 'kafka',
    type: 'kafka://',
    name: 'Kafka',
    license_id: 'kafka',
    description: t('Consumes topics of a Kafka cluster.', '消费 Kafka 集群的主题。'),
    options: { host: host(t), port: port(t, 9092) },
    authentication: [anonymousAuth(t)],
    params: [
      str('topics', t('Topics', '主题'), { required: true, multiple: true }),
      str('client_id', t('Client ID', '客户端 ID'), { required: true }),
      // The group holds the task's offsets: fixed once the task exists.
      str('group', t('Consumer group', '消费组'), { required: true, editable: false }),
      choice('auto_offset_reset', t('Fallback offset', '回退偏移'), [
        { value: 'earliest', label: t('Earliest', '最早') },
        { value: 'latest', label: t('Latest', '最新') },
      ], { value: 'earliest' }),
    ],
    groups: [
      {
        name: 'sasl',
        display: 'SASL',
        params: [
          bool('sasl', t('Enable SASL', '启用 SASL'), false),
          choice('sasl_mechanism', t('Mechanism', '机制'), [
            { value: 'PLAIN', label: 'PLAIN' },
            { value: 'SCRAM-SHA-256', label: 'SCRAM-SHA-256' },
            { value: 'SCRAM-SHA-512', label: 'SCRAM-SHA-512' },
          ], { required: true, value: 'PLAIN', requires: whenSasl }),
          { ...username(t, true), requires: whenSasl },
          { ...password(t, true), requires: whenSasl },
        ],
      },
      {
        name: 'ssl',
        display: 'SSL',
        params: [
          bool('ssl', t('Enable SSL', '启用 SSL'), false),
          file('ssl_ca', t('CA certificate', 'CA 证书'), { required: true, requires: whenSsl }),
          file('ssl_certificate', t('Client certificate', '客户端证书'), { requires: whenSsl }),
          file('ssl_key', t('Client private key', '客户端私钥'), { requires: whenSsl }),
        ],
      },
    ],
    advanced: [
      timeLike('timeout', 'fetch_max_wait', t('Fetch max wait', '拉取最大等待'), { min: 1, value: 100, unit: 'ms' }),
      readConcurrency(t, 0, 1000, 0),
      batchSize(t, 100000, 1000),
      rawDataKeepDays(t),
      logLevel(t),
    ],
    parser: {
      fields: [field('ts', 'timestamp'), field('topic', 'varchar'), field('partition', 'int'), field('offset', 'bigint'), field('key', 'varchar'), field('value', 'varchar')],
    },
  };
};
