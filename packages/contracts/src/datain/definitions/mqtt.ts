import type { DefinitionSource } from './common';
import { anonymousAuth, batchSize, batchTimeout, bool, certificateAuth, choice, field, host, logLevel, plainAuth, plainChoices, port, rawDataKeepDays, readConcurrency, str, timeLike } from './common';

export const MQTT_VERSIONS = ['3.1', '3.1.1', '5.0'] as const;

export const mqtt: DefinitionSource = (t) => ({
  id: 'mqtt',
  type: 'mqtt://',
  name: 'MQTT',
  license_id: 'mqtt',
  description: t('Subscribes to topics of an MQTT broker.', '订阅 MQTT 代理的主题。'),
  options: { host: host(t), port: port(t, 1883) },
  protocol: choice('protocol', t('Protocol', '协议'), [{ value: 'mqtt', label: 'MQTT' }, { value: 'mqtts', label: 'MQTTS' }], { value: 'mqtt' }),
  authentication: [anonymousAuth(t), plainAuth(t), certificateAuth(t)],
  params: [
    str('client_id', t('Client ID', '客户端 ID'), { required: true }),
    choice('version', t('MQTT version', 'MQTT 协议版本'), plainChoices([...MQTT_VERSIONS]), { required: true, value: '3.1' }),
    str('topics', t('Topics', '订阅主题'), {
      required: true,
      placeholder: 'topic1::0,topic2::1',
      description: t('Comma-separated entries of <topic name>::<QoS>, QoS 0, 1 or 2', '以逗号分隔的 <主题名>::<QoS>，QoS 为 0、1 或 2'),
    }),
  ],
  groups: [
    {
      name: 'session',
      display: t('Session', '会话'),
      params: [bool('clean_session', t('Clean session', '清除会话'), true), timeLike('duration', 'keep_alive', t('Keep alive', '保活间隔'), { min: 1, value: 60, unit: 's' })],
    },
  ],
  advanced: [readConcurrency(t, 0, 1000, 0), batchSize(t, 10000, 1000), batchTimeout(t, { max: 60, unit: 's' }), rawDataKeepDays(t), logLevel(t)],
  parser: { fields: [field('ts', 'timestamp'), field('topic', 'varchar'), field('qos', 'int'), field('payload', 'varchar')] },
});
