/** An e-mail as the platform writes it; the transport decides how it leaves (SMTP or the outbox folder). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
