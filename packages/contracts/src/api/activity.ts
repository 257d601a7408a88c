import { z } from 'zod';

/** Activity log (platform-shell.md §3): every change an organization member makes, and their sign-ins. */
export type ActivityResult = 'SUCCESS' | 'FAILURE';

/** The type of sign-in events (issue 14 item 11); other types name what was changed (organization, member …). */
export const SIGN_IN_ACTIVITY_TYPE = 'signin';

/** The operations of sign-in events: each way in, the second factor and signing out. */
export const SignInOperation = {
  PASSWORD: 'password sign-in',
  SECOND_FACTOR: 'second factor',
  SSO: 'single sign-on',
  THIRD_PARTY: 'third-party sign-in',
  SIGN_OUT: 'sign out',
} as const;
export type SignInOperation = (typeof SignInOperation)[keyof typeof SignInOperation];

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
  /** What the change acted on: a member's e-mail, an allowed IP, a group or role name; null when nothing. */
  target: string | null;
}

/** The filters of GET /api/activity, GET /api/instances/logs and their CSV exports. Times are epoch ms. */
export const activityFilterSchema = z.object({
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  type: z.string().optional(),
  /** Part of the originator's e-mail. */
  originator: z.string().optional(),
  /** The originator's user id (the log screen's user filter). */
  userId: z.string().optional(),
  result: z.enum(['SUCCESS', 'FAILURE']).optional(),
  instanceId: z.string().optional(),
});

/** GET /api/activity and GET /api/instances/logs (query): the filters and the page. */
export const activityQuerySchema = activityFilterSchema.extend({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export type ActivityFilterQuery = z.input<typeof activityFilterSchema>;

/** The CSV export's columns, in order (GET /api/activity/export). */
export const ACTIVITY_CSV_COLUMNS = ['requestTime', 'type', 'operation', 'target', 'originator', 'requestIp', 'result', 'instanceId'] as const;
