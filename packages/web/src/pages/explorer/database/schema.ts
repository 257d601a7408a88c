import { z } from 'zod';
import {
  DATABASE_OPTIONS, DURATION_PATTERN, KEEP_MAX_DAYS, KEEP_MAX_VALUES, KEEP_MIN_DAYS, durationDays, isReservedDatabase, nameProblem,
  type DatabaseOptionKey, type DatabaseOptions, type OptionSpec,
} from '../../../explorer-sql';

/**
 * The create / edit database form (data-explorer.md §3 options and bounds, §5 names and durations). Message values
 * are i18n keys (explorer.validation.*), shown by FormField. Kept apart from the dialog so the rules are tested alone.
 */
export const nameSchema = z.string().superRefine((value, ctx) => {
  const problem = nameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `explorer.validation.name.${problem}` });
});

const spec = (key: DatabaseOptionKey): OptionSpec => DATABASE_OPTIONS.find((o) => o.key === key)!;

function int(key: DatabaseOptionKey) {
  const s = spec(key);
  const message = 'explorer.validation.integer';
  return z.number({ message }).int({ message }).min(s.min ?? -Infinity, { message }).max(s.max ?? Infinity, { message });
}

function choice<T extends string | number>(key: DatabaseOptionKey) {
  const choices = spec(key).choices as readonly T[];
  return z.custom<T>((v) => choices.includes(v as T), { message: 'validation.formFormat' });
}

/** §3 keep: up to three durations, each 1 to 365000 days. */
export function keepProblem(text: string): boolean {
  const values = text.split(',').map((v) => v.trim());
  if (values.length < 1 || values.length > KEEP_MAX_VALUES) return true;
  return values.some((v) => !DURATION_PATTERN.test(v) || durationDays(v) < KEEP_MIN_DAYS || durationDays(v) > KEEP_MAX_DAYS);
}

export const databaseFormSchema = z
  .object({
    name: nameSchema.refine((v) => !isReservedDatabase(v), { message: 'explorer.validation.reservedDb' }),
    buffer: int('buffer'),
    cachemodel: choice<DatabaseOptions['cachemodel']>('cachemodel'),
    cachesize: int('cachesize'),
    comp: choice<number>('comp'),
    duration: z.string().trim().regex(DURATION_PATTERN, { message: 'explorer.validation.duration' }),
    wal_fsync_period: int('wal_fsync_period'),
    maxrows: int('maxrows'),
    minrows: int('minrows'),
    keep: z.string().refine((v) => !keepProblem(v), { message: 'explorer.validation.keep' }),
    pages: int('pages'),
    pagesize: int('pagesize'),
    precision: choice<DatabaseOptions['precision']>('precision'),
    replica: choice<number>('replica'),
    retentions: z.string().refine((v) => v.trim() === '' || v.split(',').filter((p) => p.trim() !== '').length === 3, { message: 'explorer.validation.retentions' }),
    strict: choice<'on' | 'off'>('strict'),
    wal_level: choice<number>('wal_level'),
    vgroups: int('vgroups'),
    single_stable: choice<number>('single_stable'),
    wal_retention_period: int('wal_retention_period'),
    wal_retention_size: int('wal_retention_size'),
    wal_roll_period: int('wal_roll_period'),
    wal_segment_size: int('wal_segment_size'),
    stt_trigger: int('stt_trigger'),
    tsdb_pagesize: int('tsdb_pagesize'),
    table_prefix: int('table_prefix').nullable(),
    table_suffix: int('table_suffix').nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.minrows > v.maxrows) ctx.addIssue({ code: 'custom', path: ['minrows'], message: 'explorer.validation.minMaxRows' });
    // §3: keep must be at least the duration.
    if (!keepProblem(v.keep) && DURATION_PATTERN.test(v.duration.trim())) {
      const shortest = Math.min(...v.keep.split(',').map((k) => durationDays(k.trim())));
      if (shortest < durationDays(v.duration.trim())) ctx.addIssue({ code: 'custom', path: ['keep'], message: 'explorer.validation.keep' });
    }
  });

export type DatabaseForm = z.input<typeof databaseFormSchema>;

/** What the instance's plan allows a database (the server checks the same: REPLICA within its dnodes, VGROUPS). */
export interface DatabaseCeilings {
  ha: boolean;
  /** The plan's VGROUPS per database; undefined while the plan is not known. */
  maxVgroups?: number;
}

/**
 * The form's rules on this instance: the option bounds, and its plan's ceilings. 2 replicas form no quorum; 3 need the
 * three dnodes of a high-availability instance. A database edited keeps its vgroups (they cannot be altered).
 */
export function databaseFormSchemaFor(ceilings: DatabaseCeilings, editing = false) {
  return databaseFormSchema.superRefine((v, ctx) => {
    if (v.replica === 2 || (v.replica === 3 && !ceilings.ha)) ctx.addIssue({ code: 'custom', path: ['replica'], message: 'explorer.validation.replica' });
    if (!editing && ceilings.maxVgroups !== undefined && v.vgroups > ceilings.maxVgroups) {
      ctx.addIssue({ code: 'custom', path: ['vgroups'], message: 'explorer.validation.vgroupsPlan' });
    }
  });
}

export function formToOptions(form: DatabaseForm): DatabaseOptions {
  const { name: _name, ...options } = form;
  return options as DatabaseOptions;
}
