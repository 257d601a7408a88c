import type { DefinitionSource } from './common';
import { choice, plainChoices } from './common';
import { sqlSource } from './sql-source';

export const mysql: DefinitionSource = (t) =>
  sqlSource(t, {
    id: 'mysql',
    type: 'mysql://',
    name: 'MySQL',
    license_id: 'mysql',
    port: 3306,
    extra: [choice('charset', t('Character set', '字符集'), plainChoices(['utf8', 'utf8mb4', 'latin1', 'gbk']), { value: 'utf8mb4' })],
  });
