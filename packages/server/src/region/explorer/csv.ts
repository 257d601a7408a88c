/** The CSV writer lives in contracts, shared with the engine's export stream (docs/explorer-server.md "Export"). */
export { csvLine } from '@tscloud/contracts/csv';
