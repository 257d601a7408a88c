import { createElement } from 'react';
import type { CreatedInstance } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { i18n } from '../../i18n';
import { loadOrgScope } from '../../routes/rebuild';
import { session } from '../../state/session';
import { TokenDialog } from './TokenDialog';

/**
 * After a create: the organization's instances are read again into the shell (the current instance stays, or the
 * new one becomes current when there was none), so the list shows the new instance Starting and the poll follows it.
 */
export async function afterCreate(created: CreatedInstance): Promise<void> {
  const { orgId, instanceId } = session.get().current;
  if (orgId) await loadOrgScope(orgId, instanceId ?? created.instance.id);
}

/**
 * The new instance's token, shown once in a dialog (masked, reveal, copy, and the warning that it is shown only
 * now): the create answer is the only time the server gives it (it keeps its hash). The programming page uses it
 * while this tab lives (data/instances/tokens.ts, in memory only).
 */
export function showCreatedToken(created: CreatedInstance): void {
  const title = i18n.t('instances.token.createdTitle', { alias: created.instance.alias });
  openDialog((close) => createElement(TokenDialog, { token: created.token, title, onClose: close }));
}
