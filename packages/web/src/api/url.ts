export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** base + path + query string; null/undefined values are left out, arrays repeat the key. */
export function buildUrl(base: string, path: string, query?: Query, origin?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== null && v !== undefined) params.append(key, String(v));
  }
  const search = params.toString();
  const relative = `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
  return origin ? new URL(relative, origin).toString() : relative;
}
