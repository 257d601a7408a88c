/**
 * Extract-rule paths over a record's fields: `data.values[0].temp`, `$.data.temp` or `data["odd key"]`. Compiled
 * once into steps, so reading a record walks plain property lookups.
 */
export type PathStep = string | number;

export function compilePath(rule: string): PathStep[] {
  const text = rule.trim().replace(/^\$\.?/, '');
  const steps: PathStep[] = [];
  const token = /\s*(?:\.?([^.[\]"']+)|\[(\d+)\]|\[\s*(["'])(.*?)\3\s*\])/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const match = token.exec(text);
    if (!match || match[0] === '') throw new Error(`cannot read the path '${rule}' at ${at + 1}`);
    if (match[1] !== undefined) steps.push(match[1].trim());
    else if (match[2] !== undefined) steps.push(Number(match[2]));
    else steps.push(match[4]);
    at = token.lastIndex;
  }
  if (steps.length === 0) throw new Error(`the path '${rule}' is empty`);
  return steps;
}

export function readPath(value: unknown, steps: readonly PathStep[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PathStep, unknown>)[step];
  }
  return current;
}
