import type { Cloud } from '@tscloud/contracts';

/**
 * Clouds and regions are configuration (GET /api/dict/cloud). The embedded default is one local cloud with one
 * region whose instances run on this machine; a deployment may give its own list as JSON in TSCLOUD_CLOUDS.
 */
export const DEFAULT_CLOUDS: readonly Cloud[] = [{ id: 'local', name: 'Local', regions: [{ id: 'local', name: 'local' }] }];

export function cloudsFrom(env: NodeJS.ProcessEnv = process.env): readonly Cloud[] {
  if (!env.TSCLOUD_CLOUDS) return DEFAULT_CLOUDS;
  const parsed = JSON.parse(env.TSCLOUD_CLOUDS) as Cloud[];
  if (!Array.isArray(parsed) || parsed.some((c) => !c.id || !c.name || !Array.isArray(c.regions) || c.regions.length === 0)) {
    throw new Error('TSCLOUD_CLOUDS must be a JSON list of {id, name, regions: [{id, name}]}');
  }
  return parsed;
}

export interface CloudRegion {
  cloud: Cloud;
  region: { id: string; name: string };
}

/** The cloud and region of a create request, or null when the pair is not configured. */
export function findRegion(clouds: readonly Cloud[], cloudId: string, regionId: string): CloudRegion | null {
  const cloud = clouds.find((c) => c.id === cloudId);
  const region = cloud?.regions.find((r) => r.id === regionId);
  return cloud && region ? { cloud, region } : null;
}

