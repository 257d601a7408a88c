import type { InstanceRow } from '../../store/schema';
import { enginePasswordOf } from './engine-password';

/** How the server reaches a running instance's engine: its base URL and the Authorization header to send. */
export interface EngineConnection {
  url: string;
  authorization: string;
}

/**
 * The engine connection of an instance, or null unless it is Running. Every server-side caller of an engine (the
 * gateway, and the explorer, SQL and monitoring calls of the region) goes through this, with the instance's own
 * superuser credentials (ARCHITECTURE.md "Server → engine").
 */
export function engineConnectionOf(row: InstanceRow): EngineConnection | null {
  if (row.status !== 'Running' || !row.engineUrl) return null;
  return { url: row.engineUrl, authorization: `Basic ${Buffer.from(`${row.engineUser}:${enginePasswordOf(row)}`).toString('base64')}` };
}
