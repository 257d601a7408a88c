import type { DefinitionSource } from './common';
import { sqlSource } from './sql-source';

export const postgres: DefinitionSource = (t) => sqlSource(t, { id: 'postgres', type: 'postgres://', name: 'PostgreSQL', license_id: 'postgres', port: 5432 });
