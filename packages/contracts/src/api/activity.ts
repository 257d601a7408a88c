import { z } from 'zod';

/** Activity log (platform-shell.md §3): every change an organization member makes. */
export type ActivityResult = 'SUCCESS' | 'FAILURE';

export interface ActivityEntry {
  id: string;
  type: string;
  operation: string;
  /** Epoch ms. */
  requestTime: number;
  originator: string;
  originatorId: string;
  requestIp: string;
  result: ActivityResult;
  instanceId: string | null;
}

/** GET /api/activity and GET /api/instances/logs (query). Times are epoch ms; originator matches e-mail. */
export const activityQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  type: z.string().optional(),
  originator: z.string().optional(),
  result: z.enum(['SUCCESS', 'FAILURE']).optional(),
  instanceId: z.string().optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
