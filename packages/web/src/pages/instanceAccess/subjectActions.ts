import { instanceActionRefusal, offeredInstanceActions, type InstanceAccessSource, type InstanceAccessStatus, type InstanceUserAction, type MessageKey } from '@tscloud/contracts';

type Subject = { source: InstanceAccessSource; direct_status: InstanceAccessStatus | null };

/**
 * What a row of the instance users or groups table offers: the actions the server allows that change something,
 * none while the organization is read-only; and, when nothing can be done here, why (managed via the group, at
 * organization level, the owner, or expired: delete only).
 */
export function subjectRowActions(subject: Subject, readOnly: boolean): { actions: InstanceUserAction[]; note: MessageKey | null } {
  const note = instanceActionRefusal(subject, 'disable');
  return { actions: readOnly ? [] : offeredInstanceActions(subject), note };
}
