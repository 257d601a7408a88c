import { z } from 'zod';
import { AlertType } from '../constants';

/** Alerts (platform-shell.md §3 Alert, §4 account-alert check, §7 Alerts): per user and organization. */
export type AlertTypeValue = (typeof AlertType)[number];

export interface Alert {
  id: string;
  type: AlertTypeValue;
  content: string;
  instanceId: string | null;
  read: boolean;
  /** Epoch ms. */
  createdAt: number;
}

/** GET /api/alert/list: status 0 = unread, 1 = read, absent = all. */
export const alertListQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;

/** GET /api/alert: the unread count. */
export interface AlertCount {
  count: number;
}

/** PUT /api/alert/batch/read and DELETE /api/alert/batch/delete. */
export const alertIdsSchema = z.object({ ids: z.array(z.string().min(1)).min(1, { message: 'validation.required' }) });
export type AlertIdsRequest = z.infer<typeof alertIdsSchema>;

/** GET /api/banner (public): the maintenance banner, or null. ERROR blocks every page but maintenance. */
export interface Banner {
  type: 'ERROR' | 'WARNING' | 'INFO';
  content: string;
}
