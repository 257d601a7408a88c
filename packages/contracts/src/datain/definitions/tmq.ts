import type { DefinitionSource } from './common';
import { choice, logLevel, plainAuth, readConcurrency, str } from './common';

/** TMQ ids are at most 192 characters (§5). */
export const TMQ_ID_MAX_LENGTH = 192;

export const tmq: DefinitionSource = (t) => ({
  id: 'tmq',
  type: 'tmq+ws://',
  name: t('TDengine 3.x (by subscription)', 'TDengine 3.x（订阅）'),
  license_id: 'tmq',
  description: t('Subscribes to a topic of another TDengine 3.x instance.', '订阅另一个 TDengine 3.x 实例的主题。'),
  options: {
    endpoint: str('endpoint', t('Endpoint', '连接地址'), {
      required: true,
      placeholder: 'ws://localhost:6041',
      pattern: 'wss?://\\S+',
      patternMsg: t('The endpoint starts with ws:// or wss://', '连接地址须以 ws:// 或 wss:// 开头'),
    }),
    subject: str('topic', t('Topic', '主题'), { required: true }),
  },
  authentication: [plainAuth(t)],
  groups: [],
  params: [
    // The group holds the task's position: fixed once the task exists.
    str('group.id', t('Group ID', '消费组 ID'), { editable: false, description: t('At most 192 characters', '最多 192 个字符') }),
    str('client.id', t('Client ID', '客户端 ID'), { required: true, description: t('At most 192 characters', '最多 192 个字符') }),
    choice('auto.offset.reset', t('Offset reset', '消费起始位置'), [
      { value: 'earliest', label: t('Earliest', '最早') },
      { value: 'latest', label: t('Latest', '最新') },
    ], { value: 'earliest' }),
  ],
  advanced: [readConcurrency(t, 0, 1000, 0), logLevel(t)],
});
