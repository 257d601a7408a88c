import { splitStatements } from '@tscloud/contracts/sql';

/**
 * The editor's statements, each asked of the engine as `EXPLAIN [ANALYZE] statement`: the engine's plan is what is
 * shown (or its refusal, e.g. an engine without EXPLAIN), never a plan made up here.
 */
export function explainText(text: string, analyze: boolean): string {
  const prefix = analyze ? 'EXPLAIN ANALYZE ' : 'EXPLAIN ';
  return splitStatements(text)
    .map((statement) => prefix + statement)
    .join(';\n');
}
