import { z } from 'zod';
import type { BuilderQuery } from './sql';

/**
 * The builder's window rules, checked before anything is sent (data-explorer.md §5): FILL makes a row for every
 * window of the queried span, so the engine refuses it unless the WHERE clause bounds the time on both sides
 * (TDengine 0x263B "Start(end) time of query range required"). Message values are i18n keys.
 */
export const windowSchema = z
  .object({
    interval: z.object({ value: z.number(), unit: z.string() }).nullable(),
    fill: z.string(),
    timeRange: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  })
  .superRefine((q, ctx) => {
    if (!q.interval || q.fill === 'NONE') return;
    if (!q.timeRange.from || !q.timeRange.to) ctx.addIssue({ code: 'custom', path: ['timeRange'], message: 'console.builder.fillNeedsRange' });
    else if (Date.parse(q.timeRange.from) >= Date.parse(q.timeRange.to)) ctx.addIssue({ code: 'custom', path: ['timeRange'], message: 'console.builder.rangeOrder' });
  });

/** The i18n key of the first window rule `q` breaks, or null. */
export function windowProblem(q: Pick<BuilderQuery, 'interval' | 'fill' | 'timeRange'>): string | null {
  const result = windowSchema.safeParse(q);
  return result.success ? null : result.error.issues[0].message;
}
