/**
 * TDengine SQL text, written once (docs/engine-sql.md "SQL text"): quoting of literals and names, statement
 * splitting and the read-only check. These files import nothing outside this folder, so the engine can use them
 * (`@tscloud/contracts/sql`) without the rest of contracts.
 */
export * from './literals';
export * from './statements';
export * from './read-only';
export * from './exact-numbers';
export * from './paging';
