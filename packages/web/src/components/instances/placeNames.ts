import { i18n } from '../../i18n';

/**
 * Names of clouds and regions. A deployment's configured clouds (TSCLOUD_CLOUDS) show as configured; the embedded
 * default — cloud "Local", region "local", instances on this machine — is ours to name, so it follows the language.
 */
export function cloudLabel(cloud: { id: string; name: string }): string {
  return cloud.id === 'local' && cloud.name === 'Local' ? i18n.t('instances.cloud.local') : cloud.name;
}

export function regionLabel(region: { id: string; name: string }): string {
  return region.id === 'local' && region.name === 'local' ? i18n.t('instances.region.local') : region.name;
}

/** "Cloud / region" of an instance. */
export function placeLabel(instance: { cloud_id: string; cloud_name: string; region_id: string; region_name: string }): string {
  return `${cloudLabel({ id: instance.cloud_id, name: instance.cloud_name })} / ${regionLabel({ id: instance.region_id, name: instance.region_name })}`;
}
