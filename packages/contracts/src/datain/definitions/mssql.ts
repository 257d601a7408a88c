import type { DefinitionSource } from './common';
import { sqlSource } from './sql-source';

export const mssql: DefinitionSource = (t) => sqlSource(t, { id: 'mssql', type: 'mssql://', name: 'Microsoft SQL Server', license_id: 'mssql', port: 1433 });
