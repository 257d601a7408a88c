import type { DefinitionSource } from './common';
import { sqlSource } from './sql-source';

export const oracle: DefinitionSource = (t) =>
  sqlSource(t, { id: 'oracle', type: 'oracle://', name: 'Oracle', license_id: 'oracle', port: 1521, databaseDisplay: t('Service name', '服务名') });
