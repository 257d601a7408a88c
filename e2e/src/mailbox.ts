import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server the console under test delivers to; tests read links from what actually arrived. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        });
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async waitForLink(to: string, fragment: string, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const mail of [...this.messages].reverse()) {
        if (!mail.to.includes(to)) continue;
        const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(fragment));
        if (link) return link;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no mail to ${to} with a link containing ${fragment}`);
  }
}
