import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Mailer, MailMessage } from './mailer';

export type { Mailer, MailMessage } from './mailer';

/** With SMTP_URL: real delivery. Without: an .eml file per message under DATA_DIR/outbox, links logged. */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: (line: string) => void = console.log): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, log);
}

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

export class OutboxMailer implements Mailer {
  // nodemailer builds the same MIME message it would send; it is written to disk instead.
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: MailMessage): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const info = await this.transport.sendMail({ from: this.from, ...message });
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    writeFileSync(file, info.message as Buffer);
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.log(`[tscloud] mail to ${message.to}: "${message.subject}" → ${file}`);
    for (const link of links) this.log(`[tscloud]   link: ${link}`);
  }
}
