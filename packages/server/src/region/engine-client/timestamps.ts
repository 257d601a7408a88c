/** An engine timestamp as REST answers it (epoch ms, or date text) in epoch ms; null when it is neither. */
export const timeOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};
