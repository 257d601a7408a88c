import type { DefinitionSource } from './common';
import { anonymousAuth, plainAuth, str } from './common';
import { opcAdvanced, opcDatasets, opcParams } from './opc-common';

export const opcda: DefinitionSource = (t) => ({
  id: 'opcda',
  type: 'opcda://',
  name: 'OPC-DA',
  license_id: 'opcda',
  description: t('Collects tags of an OPC-DA server.', '采集 OPC-DA 服务器的标签。'),
  options: { endpoint: str('endpoint', t('Endpoint', '服务端点'), { required: true, placeholder: 'opcda://localhost/Matrikon.OPC.Simulation.1' }) },
  authentication: [anonymousAuth(t), plainAuth(t)],
  groups: [],
  params: opcParams(t, 1),
  advanced: opcAdvanced(t),
  datasets: opcDatasets(t, 'opcda'),
});
