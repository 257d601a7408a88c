import type { DefinitionSource } from './common';
import { piBase } from './pi-common';

export const pi: DefinitionSource = (t) => ({
  id: 'pi',
  type: 'pi://',
  name: 'PI',
  license_id: 'pi',
  description: t('Reads PI points and AF elements in real time.', '实时读取 PI 测点与 AF 元素。'),
  params: [],
  ...piBase(t),
});
