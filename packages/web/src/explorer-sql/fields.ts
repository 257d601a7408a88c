import { quoteText } from '@tscloud/contracts/sql';
import { typedName } from './literal';
import { COMPRESSION_VERSION, compressionDefaults, typeText, type FieldType } from './types';
import { versionAtLeast } from './literal';

/** One column or tag row of the super table and table designers (§3 super table / table form). */
export interface FieldDef {
  /** Name as typed (or as described, for an existing field). */
  field: string;
  type: FieldType;
  /** For BINARY, VARCHAR, NCHAR, GEOMETRY, VARBINARY. */
  length?: number | null;
  /** 3.3.0 and later, columns only. */
  encode?: string;
  compress?: string;
  level?: string;
  /** The second column as a composite primary key (3.3.0 and later). */
  primaryKey?: boolean;
  /** Tag value of a child table being created (as typed). */
  value?: string;
  /** Name the field had when it was described (editing an existing table); absent for a new field. */
  origin?: string;
}

/** Whether the instance's version writes ENCODE / COMPRESS / LEVEL and PRIMARY KEY. */
export function compressionAvailable(version: string | null | undefined): boolean {
  return versionAtLeast(version, COMPRESSION_VERSION);
}

/** `name TYPE[(len)] [PRIMARY KEY] [ENCODE '…' COMPRESS '…' LEVEL '…']`. */
export function columnDefinition(f: FieldDef, withCompression: boolean): string {
  const parts = [typedName(f.field), typeText(f.type, f.length)];
  if (withCompression) {
    if (f.primaryKey) parts.push('PRIMARY KEY');
    const d = compressionDefaults(f.type);
    parts.push(`ENCODE ${quoteText(f.encode || d.encode)}`, `COMPRESS ${quoteText(f.compress || d.compress)}`, `LEVEL ${quoteText(f.level || d.level)}`);
  }
  return parts.join(' ');
}

export function tagDefinition(f: FieldDef): string {
  return `${typedName(f.field)} ${typeText(f.type, f.length)}`;
}
