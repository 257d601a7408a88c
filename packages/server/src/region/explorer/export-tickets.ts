import { randomBytes } from 'node:crypto';
import type { ExportFormat } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';

/** What a ticket lets its holder download, once. */
export interface ExportTicketGrant {
  userId: string;
  orgId: string;
  instanceId: string;
  regionId: string;
  sql: string;
  db?: string;
  format: ExportFormat;
  fileName: string;
}

interface Entry extends ExportTicketGrant {
  expiresAt: number;
  used: boolean;
}

/**
 * Export tickets (docs/explorer-server.md "Export"): the POST of an export keeps the statement here under a random
 * id and answers a download URL; the browser's GET of that URL takes the ticket, once, within `ttlMs`.
 *
 * Kept in this server process's memory, not in the store: a ticket lives seconds and is used by the browser that
 * asked for it right after, so it need not survive a restart (the user starts the export again) — behind a load
 * balancer with several server processes, the download must reach the process that issued it (sticky sessions).
 * A used ticket is remembered until it would have expired, so a second use is told "already used", not "expired".
 */
export class ExportTickets {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  issue(grant: ExportTicketGrant): { id: string; expiresAt: number } {
    this.sweep();
    const id = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.entries.set(id, { ...grant, expiresAt, used: false });
    return { id, expiresAt };
  }

  /** The ticket's grant without using it up (the organization guard reads its organization); refused when used or expired. */
  peek(id: string): ExportTicketGrant {
    return this.live(id);
  }

  /** Uses the ticket up for `userId`; someone else's ticket is refused and stays usable for its owner. */
  take(id: string, userId: string): ExportTicketGrant {
    const entry = this.live(id);
    if (entry.userId !== userId) throw ApiError.forbidden();
    entry.used = true;
    return entry;
  }

  private live(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry || entry.expiresAt <= this.now()) throw ApiError.notFound('error.exportTicketExpired');
    if (entry.used) throw ApiError.notFound('error.exportTicketUsed');
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}
