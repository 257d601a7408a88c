export type QueryValue = string | number | boolean | null | undefined;
/** Values may be typed loosely (zod input types are `unknown` for coerced fields); only scalars are sent. */
export type Query = Record<string, unknown>;

function isScalar(v: unknown): v is Exclude<QueryValue, null | undefined> {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** base + path + query string; null/undefined values are left out, arrays repeat the key. */
export function buildUrl(base: string, path: string, query?: Query, origin?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const v of values) if (isScalar(v)) params.append(key, String(v));
  }
  const search = params.toString();
  const relative = `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
  return origin ? new URL(relative, origin).toString() : relative;
}
