import { AppType, type AppTypeValue } from '@tscloud/contracts';

/** The {type} of instances/create/{type}: 'tsdb' (time-series) or 'idmp' (TDASSET); the app_type names work too. */
export const CREATE_TYPES: Record<string, AppTypeValue> = { tsdb: AppType.TSDB, idmp: AppType.TDASSET, tdasset: AppType.TDASSET };

export function appTypeOf(param: string | undefined): AppTypeValue | null {
  return param ? (CREATE_TYPES[param.toLowerCase()] ?? null) : null;
}

export function createPath(type: AppTypeValue): string {
  return `/instances/create/${type === AppType.TDASSET ? 'idmp' : 'tsdb'}`;
}
