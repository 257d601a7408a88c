import { resolveCompression } from '../catalog/compression';
import type { ColumnDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import type { ColumnDef as AstColumnDef } from '../sql';
import { RESERVED_COLUMNS } from '../storage/names';

/** An AST column/tag definition as the catalog keeps it (compression resolved for columns, none for tags). */
export function columnFromAst(def: AstColumnDef, isTag: boolean): ColumnDef {
  const name = def.name.name;
  if (RESERVED_COLUMNS.has(name.toLowerCase()) || name.toLowerCase() === 'tbname') {
    throw new TdError(TdCode.INVALID_IDENTIFIER, `Invalid identifier name: ${name}`);
  }
  if (isTag) {
    if (def.encode || def.compress || def.level || def.primaryKey) throw TdError.syntax(name);
    return { name, type: def.type };
  }
  const c = resolveCompression(def.type, def);
  return { name, type: def.type, ...c, ...(def.primaryKey ? { primaryKey: true } : {}) };
}
