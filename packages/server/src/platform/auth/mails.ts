import type { Language } from '@tscloud/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../mail/mailer';

/** The account e-mails, in the user's language. Links point at the web app's /auth pages on PUBLIC_URL. */
interface MailText {
  subject: string;
  lines: string[];
}

const ACTIVATION: Record<Language, (name: string, link: string, minutes: number) => MailText> = {
  en: (name, link, minutes) => ({
    subject: 'Activate your tscloud account',
    lines: [`Hello ${name},`, '', 'Thank you for signing up. Open this link to activate your account:', link, '', `The link is valid for ${minutes} minutes.`],
  }),
  zh: (name, link, minutes) => ({
    subject: '激活您的 tscloud 账号',
    lines: [`${name}，您好：`, '', '感谢注册。请打开以下链接激活您的账号：', link, '', `链接在 ${minutes} 分钟内有效。`],
  }),
};

const RESET: Record<Language, (name: string, link: string, minutes: number) => MailText> = {
  en: (name, link, minutes) => ({
    subject: 'Reset your tscloud password',
    lines: [`Hello ${name},`, '', 'Open this link to set a new password:', link, '', `The link is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.`],
  }),
  zh: (name, link, minutes) => ({
    subject: '重置您的 tscloud 密码',
    lines: [`${name}，您好：`, '', '请打开以下链接设置新密码：', link, '', `链接在 ${minutes} 分钟内有效。如果不是您本人操作，请忽略此邮件。`],
  }),
};

function toMail(to: string, text: MailText): MailMessage {
  return { to, subject: text.subject, text: text.lines.join('\n') };
}

export function activationMail(language: Language, to: string, name: string, link: string, ttlMs: number): MailMessage {
  return toMail(to, ACTIVATION[language](name || to, link, Math.round(ttlMs / 60_000)));
}

export function resetMail(language: Language, to: string, name: string, link: string, ttlMs: number): MailMessage {
  return toMail(to, RESET[language](name || to, link, Math.round(ttlMs / 60_000)));
}

/** Sends an account mail; a delivery failure is logged, not shown (the user can ask for the mail again). */
export async function deliver(deps: AppDeps, log: FastifyBaseLogger, mail: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    log.error({ err: error, to: mail.to }, 'account mail could not be sent');
  }
}
