import { i18n, type WebKey } from '../../i18n';

/**
 * The names of the server's activity types and operations (`activity.type.*`, `activity.operation.*`; the server's
 * test activity-names.test.ts requires one in each language for everything it records). An entry written before a
 * name existed shows as recorded.
 */
function named(prefix: 'activity.type.' | 'activity.operation.', value: string): string {
  const key = `${prefix}${value}`;
  return i18n.exists(key) ? i18n.t(key as WebKey) : value;
}

export const activityTypeLabel = (type: string): string => named('activity.type.', type);
export const activityOperationLabel = (operation: string): string => named('activity.operation.', operation);
