import type { TaskValues } from '@tscloud/contracts';
import { checkTarget, loadGuardPolicy } from './guard';
import { integer, text } from './values';

/** Answers the address a source may connect to for (connector, host, port), or throws SourceBlocked. */
export type TargetGuard = (connector: string, host: string, port: number) => Promise<string>;

/** Without a guard from the server (direct calls): the environment's policy, no engine list. */
export const environmentGuard: TargetGuard = (connector, host, port) => checkTarget({ connector, host, port, orgId: null }, loadGuardPolicy(process.env), async () => []);

interface Target {
  host: string;
  port: number;
  tls: boolean;
}

/** The host and port a connector's values point at, with the same defaults its client uses; null: no network. */
export function targetOf(connector: string, values: TaskValues): Target | null {
  switch (connector) {
    case 'mqtt':
      return { host: text(values, 'host', '127.0.0.1'), port: integer(values, 'port', 1883), tls: text(values, 'protocol', 'mqtt') === 'mqtts' };
    case 'postgres':
    case 'mysql':
      return { host: text(values, 'host', '127.0.0.1'), port: integer(values, 'port', connector === 'postgres' ? 5432 : 3306), tls: false };
    case 'tmq': {
      let url: URL;
      try {
        url = new URL(text(values, 'endpoint'));
      } catch {
        return null; // openTmq refuses the endpoint with its own message
      }
      const tls = url.protocol === 'wss:';
      return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : tls ? 443 : 80, tls };
    }
    default:
      return null;
  }
}

/**
 * The values with the checked address in place of the host name, so the client connects where the guard looked.
 * MQTT over TLS keeps the name for the certificate (servername). A wss:// tmq endpoint keeps its name: the
 * websocket client checks the certificate against the URL's host (docs/security.md, known limit).
 */
export async function pinTarget(connector: string, values: TaskValues, guard: TargetGuard = environmentGuard): Promise<TaskValues> {
  const target = targetOf(connector, values);
  if (!target) return values;
  const address = await guard(connector, target.host, target.port);
  if (connector === 'tmq') {
    if (target.tls) return values;
    const url = new URL(text(values, 'endpoint'));
    url.hostname = address.includes(':') ? `[${address}]` : address;
    return { ...values, endpoint: url.href.replace(/\/$/, '') };
  }
  return { ...values, host: address, ...(target.tls ? { servername: target.host } : {}) };
}
