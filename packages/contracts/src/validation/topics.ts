import { z } from 'zod';
import { hasSeparator, quoteName } from '../sql';

/**
 * Topic create rules (platform-shell.md §5: "Stream and topic names: valid format and unique (case-sensitive names
 * need backticks). A topic needs a database WAL retention period above zero"; docs/topics-console.md).
 *
 * Name: a letter or underscore, then letters, digits and underscores, at most 192 characters (the engine's topic
 * name length). The console always writes the name in backticks, so its case is kept as typed (§5).
 * The CREATE TOPIC statement is built from the validated body by `topicCreateSql`, the same on the web (shown
 * before sending) and on the server (what runs).
 */
export const TOPIC_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;
export const TOPIC_DB_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const TOPIC_STABLE_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;
export const TOPIC_QUERY_MAX_LENGTH = 16_384;
export const TOPIC_CONDITION_MAX_LENGTH = 4_096;
export const TOPIC_KINDS = ['query', 'stable', 'database'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/** Sample messages: the first N (default 5, at most 100). */
export const TOPIC_SAMPLE_DEFAULT = 5;
export const TOPIC_SAMPLE_MAX = 100;

/** No statement separator outside quotes. */
const noSemicolon = (s: string) => !hasSeparator(s);

export const topicNameSchema = z.string({ message: 'validation.topicName' }).trim().regex(TOPIC_NAME_PATTERN, { message: 'validation.topicName' });

export const topicCreateSchema = z
  .object({
    name: topicNameSchema,
    kind: z.enum(TOPIC_KINDS, { message: 'validation.topicKind' }),
    db: z.string({ message: 'validation.topicDatabase' }).trim().regex(TOPIC_DB_PATTERN, { message: 'validation.topicDatabase' }),
    query: z.string().trim().max(TOPIC_QUERY_MAX_LENGTH, { message: 'validation.topicQuery' }).optional().default(''),
    stable: z.string().trim().optional().default(''),
    condition: z.string().trim().max(TOPIC_CONDITION_MAX_LENGTH, { message: 'validation.topicCondition' }).optional().default(''),
    with_meta: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'query') {
      const q = v.query.replace(/;\s*$/, '');
      if (!/^select\b/i.test(q) || !noSemicolon(q)) ctx.addIssue({ code: 'custom', path: ['query'], message: 'validation.topicQuery' });
    }
    if (v.kind === 'stable') {
      if (!TOPIC_STABLE_PATTERN.test(v.stable)) ctx.addIssue({ code: 'custom', path: ['stable'], message: 'validation.topicStable' });
      if (!noSemicolon(v.condition)) ctx.addIssue({ code: 'custom', path: ['condition'], message: 'validation.topicCondition' });
    }
  });
export type TopicCreateRequest = z.input<typeof topicCreateSchema>;
export type TopicCreateBody = z.output<typeof topicCreateSchema>;

const tick = quoteName;

/** The CREATE TOPIC statement of a validated body (facts §3.1 grammar). */
export function topicCreateSql(body: TopicCreateBody): string {
  const head = `CREATE TOPIC ${tick(body.name)}`;
  const meta = body.with_meta ? ' WITH META' : '';
  switch (body.kind) {
    case 'query':
      return `${head} AS ${body.query.replace(/;\s*$/, '')}`;
    case 'stable':
      return `${head}${meta} AS STABLE ${tick(body.db)}.${tick(body.stable)}${body.condition ? ` WHERE ${body.condition}` : ''}`;
    case 'database':
      return `${head}${meta} AS DATABASE ${tick(body.db)}`;
  }
}

export const topicSampleQuerySchema = z.object({
  count: z.coerce
    .number({ message: 'validation.topicSampleCount' })
    .int({ message: 'validation.topicSampleCount' })
    .min(1, { message: 'validation.topicSampleCount' })
    .max(TOPIC_SAMPLE_MAX, { message: 'validation.topicSampleCount' })
    .optional()
    .default(TOPIC_SAMPLE_DEFAULT),
});

export const topicShareSchema = z.object({
  member_id: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
  action: z.enum(['grant', 'revoke'], { message: 'validation.required' }),
});
export type TopicShareRequest = z.input<typeof topicShareSchema>;
