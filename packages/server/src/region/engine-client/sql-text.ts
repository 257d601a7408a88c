/** Literals and names in engine SQL: the one escaping of contracts (backslashes and quotes, by the engine's rules). */
export { quoteName, quoteText } from '@tscloud/contracts/sql-text';

/** An engine timestamp as REST answers it (epoch ms, or date text) in epoch ms; null when it is neither. */
export const timeOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};
