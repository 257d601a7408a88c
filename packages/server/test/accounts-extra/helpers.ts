import { randomUUID } from 'node:crypto';
import { AppType, type PlanLevelValue } from '@tscloud/contracts';
import { instances } from '../../src/store/schema';
import type { TestApp } from '../support/app';
import { nthMail } from '../accounts/helpers';

export const CODE_SUBJECT = /Your tscloud verification code|您的 tscloud 验证码/;

/** The 6-digit code of the (index+1)-th code mail to `to`, read from what the SMTP server received. */
export async function codeFromMail(t: TestApp, to: string, index = 0): Promise<string> {
  const mail = await nthMail(t.mailbox, to, CODE_SUBJECT, index);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in mail to ${to}`);
  return code;
}

export function codeMailCount(t: TestApp, to: string): number {
  return t.mailbox.messages.filter((m) => m.to.includes(to) && CODE_SUBJECT.test(m.subject)).length;
}

/** An instance row as the instances area stores it (the provisioner is not needed for these calls). */
export async function insertInstance(t: TestApp, orgId: string, options: { appType?: 'TSDB' | 'TDASSET'; planLevel?: PlanLevelValue; alias?: string; status?: string } = {}): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now();
  await t.store.db.insert(instances).values({
    id,
    orgId,
    name: `idmp-${id.slice(0, 8)}`,
    alias: options.alias ?? 'Plant-A',
    appType: options.appType ?? AppType.TDASSET,
    cloudId: 'local',
    regionId: 'default',
    planLevel: options.planLevel ?? 0,
    desiredState: 'running',
    status: (options.status ?? 'Running') as 'Running',
    engineUser: 'root',
    enginePassword: 'x',
    tokenHash: 'x',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
