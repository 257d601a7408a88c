import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config';

/** Sends a text message to a phone number in international form (e.g. '+86 13800138000'). */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/**
 * The embedded default: every message is appended as one JSON line to DATA_DIR/outbox/sms.log and printed to
 * the log, so a deployment without an SMS gateway still works end to end (as mail does with the outbox).
 * A gateway is another implementation of SmsProvider chosen in createSmsProvider.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    mkdirSync(join(this.file, '..'), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify({ at: new Date().toISOString(), phone, text })}\n`);
    this.log(`[tscloud] sms to ${phone}: ${text}`);
  }
}

export function smsLogPath(dataDir: string): string {
  return join(dataDir, 'outbox', 'sms.log');
}

export function createSmsProvider(config: Pick<ServerConfig, 'dataDir'>, log: (line: string) => void = console.log): SmsProvider {
  return new OutboxSmsProvider(smsLogPath(config.dataDir), log);
}
