import type { DefinitionSource } from './common';
import { anonymousAuth, certificateAuth, choice, connectTimeout, plainAuth, requestTimeout, str } from './common';
import { opcAdvanced, opcDatasets, opcParams } from './opc-common';

export const opcua: DefinitionSource = (t) => ({
  id: 'opcua',
  type: 'opcua://',
  name: 'OPC-UA',
  license_id: 'opcua',
  description: t('Collects data points of an OPC-UA server.', '采集 OPC-UA 服务器的数据点位。'),
  options: {
    endpoint: str('endpoint', t('Endpoint', '服务端点'), {
      required: true,
      placeholder: 'opc.tcp://localhost:4840',
      pattern: 'opc\\.tcp://\\S+',
      patternMsg: t('The endpoint starts with opc.tcp://', '服务端点须以 opc.tcp:// 开头'),
    }),
  },
  authentication: [anonymousAuth(t), plainAuth(t), certificateAuth(t)],
  groups: [
    {
      name: 'security',
      display: t('Security', '安全'),
      params: [
        choice('security_mode', t('Security mode', '安全模式'), [
          { value: 'None', label: 'None' },
          { value: 'Sign', label: 'Sign' },
          { value: 'SignAndEncrypt', label: 'SignAndEncrypt' },
        ], { value: 'None' }),
        choice('security_policy', t('Security policy', '安全策略'), [
          { value: 'None', label: 'None' },
          { value: 'Basic256', label: 'Basic256' },
          { value: 'Basic256Sha256', label: 'Basic256Sha256' },
        ], { value: 'None' }),
      ],
    },
  ],
  params: [...opcParams(t, 10), connectTimeout(t), requestTimeout(t)],
  advanced: opcAdvanced(t),
  datasets: opcDatasets(t, 'opcua'),
});
