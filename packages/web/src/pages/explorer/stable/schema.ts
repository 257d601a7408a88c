import { z } from 'zod';
import { MAX_LENGTH, STRING_TYPES, NUMBER_TYPES, blankField, hasLength, nameProblem, storedName, tagValueLiteral, type FieldDef, type FieldType } from '../../../explorer-sql';
import { nameSchema } from '../database/schema';

/**
 * The super table and table designer forms (data-explorer.md §3 super table / table form, §4 refill, §5 types and
 * lengths). Messages are i18n keys.
 */
const fieldBase = z.object({
    field: nameSchema,
    type: z.string(),
    length: z.number().nullable().optional(),
    encode: z.string().optional(),
    compress: z.string().optional(),
    level: z.string().optional(),
    primaryKey: z.boolean().optional(),
    value: z.string().optional(),
    origin: z.string().optional(),
});

const fieldSchema = fieldBase.superRefine((f, ctx) => {
    if (hasLength(f.type)) {
      const n = f.length ?? 0;
      if (!Number.isInteger(n) || n < 1 || n > MAX_LENGTH[f.type]) ctx.addIssue({ code: 'custom', path: ['length'], message: 'explorer.validation.lengthRange' });
    }
  });

function uniqueNames(fields: { field: string }[]): number[] {
  const seen = new Map<string, number>();
  const duplicates: number[] = [];
  fields.forEach((f, i) => {
    if (nameProblem(f.field)) return;
    const key = storedName(f.field);
    if (seen.has(key)) duplicates.push(i);
    else seen.set(key, i);
  });
  return duplicates;
}

function checkColumns(columns: FieldDef[], ctx: z.RefinementCtx, path = 'columns') {
  if (columns.length === 0 || columns[0].type !== 'TIMESTAMP') ctx.addIssue({ code: 'custom', path: [path], message: 'explorer.validation.firstTimestamp' });
  else if (columns.length < 2) ctx.addIssue({ code: 'custom', path: [path], message: 'explorer.validation.columnsRequired' });
}

export const stableFormSchema = z
  .object({ name: nameSchema, columns: z.array(fieldSchema), tags: z.array(fieldSchema) })
  .superRefine((v, ctx) => {
    checkColumns(v.columns as FieldDef[], ctx);
    if (v.tags.length === 0) ctx.addIssue({ code: 'custom', path: ['tags'], message: 'explorer.validation.tagsRequired' });
    if (v.tags.some((t) => t.type === 'JSON') && v.tags.length > 1) ctx.addIssue({ code: 'custom', path: ['tags'], message: 'explorer.validation.jsonTag' });
    const all = [...v.columns, ...v.tags];
    for (const i of uniqueNames(all)) {
      const inColumns = i < v.columns.length;
      ctx.addIssue({ code: 'custom', path: [inColumns ? 'columns' : 'tags', inColumns ? i : i - v.columns.length, 'field'], message: 'explorer.validation.duplicate' });
    }
  });
export type StableFormValues = z.input<typeof stableFormSchema>;

/** Whether a typed tag value fits its type (empty is NULL). */
export function tagValueFits(type: string, value: string | undefined): boolean {
  try {
    tagValueLiteral(type, value);
    return true;
  } catch {
    return false;
  }
}

export const tableFormSchema = z
  .object({
    kind: z.enum(['child', 'normal']),
    name: nameSchema,
    /** stbTmpl: the parent super table (child tables). */
    stable: z.string(),
    columns: z.array(fieldSchema),
    tags: z.array(fieldBase.extend({ field: z.string() })),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'child') {
      if (v.stable.trim() === '') ctx.addIssue({ code: 'custom', path: ['stable'], message: 'explorer.validation.stableRequired' });
      v.tags.forEach((t, i) => {
        if (!tagValueFits(t.type, t.value)) ctx.addIssue({ code: 'custom', path: ['tags', i, 'value'], message: 'explorer.validation.tagValue' });
      });
    } else {
      checkColumns(v.columns as FieldDef[], ctx);
      for (const i of uniqueNames(v.columns)) ctx.addIssue({ code: 'custom', path: ['columns', i, 'field'], message: 'explorer.validation.duplicate' });
    }
  });
export type TableFormValues = z.input<typeof tableFormSchema>;

/** §4: after a failed creation, an empty column or tag list gets one blank INT row back; the rest is kept as typed. */
export function refillAfterFailure<T extends { columns: FieldDef[]; tags: FieldDef[] }>(form: T): T {
  return { ...form, columns: form.columns.length === 0 ? [blankField()] : form.columns, tags: form.tags.length === 0 ? [blankField()] : form.tags };
}

/** The field kinds a type belongs to, for the value inputs. */
export function valueKind(type: FieldType | string): 'number' | 'bool' | 'text' {
  if (NUMBER_TYPES.has(type)) return 'number';
  if (type === 'BOOL') return 'bool';
  return STRING_TYPES.has(type) ? 'text' : 'text';
}
