import { notifier } from '../feedback/notifier';
import { i18n } from '../../i18n';
import { loadOrgScope } from '../../routes/rebuild';
import { selectionWarning } from './polling';

/**
 * Makes an instance the organization's current one (remembered per organization, §4) and loads its menus; selecting
 * one that is Suspended, or Failed/Error/Warning, shows the warning of §4 first.
 */
export async function selectCurrentInstance(orgId: string, instance: { id: string; cluster_status: string }): Promise<void> {
  const warning = selectionWarning(instance.cluster_status);
  if (warning === 'suspended') notifier.warning(i18n.t('instances.warning.suspended'), 6);
  if (warning === 'abnormal') notifier.warning(i18n.t('error.instanceAbnormal'), 6);
  await loadOrgScope(orgId, instance.id);
}
