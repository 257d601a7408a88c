/**
 * The drizzle table definitions of every area, one file per area, matching the SQL migrations.
 * bigint columns use mode 'number': PGlite returns int8 as a number and node-postgres as a string, and
 * drizzle's mapping turns both into numbers.
 */
export * from './base';
export * from './accounts';
export * from './accounts-extra';
export * from './sign-in-throttle';
export * from './mail-throttle';
export * from './orgs';
export * from './access';
export * from './activity';
export * from './alerts';
export * from './clusters';
export * from './instances';
export * from './monitoring';
export * from './explorer';
export * from './billing';
export * from './datain';
export * from './datain-agents';
export * from './support';
export * from './billing-arrears';
export * from './billing-requests';
