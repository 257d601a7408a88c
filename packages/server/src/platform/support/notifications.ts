import { eq } from 'drizzle-orm';
import type { Language, TicketStateValue } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { users, type SupportIssueRow } from '../../store/schema';

/**
 * The support e-mails (docs/support.md "Notifications"): to the issue's notification address on each staff reply and
 * each state change when the customer asked for progress mails; to the assignee on each customer reply. Staff notes
 * never leave the desk. A mail that cannot be sent is logged; the change it reports stands.
 */
type Log = (message: string, error: unknown) => void;

const STATE_NAMES: Record<Language, Record<TicketStateValue, string>> = {
  en: {
    unassigned: 'not processed yet',
    awaiting_processing: 'awaiting processing',
    awaiting_response: 'waiting for your response',
    processing: 'processing',
    finished: 'finished',
    aborted: 'aborted',
    closed: 'closed',
  },
  zh: {
    unassigned: '未处理',
    awaiting_processing: '待处理',
    awaiting_response: '等待您的回复',
    processing: '处理中',
    finished: '已完成',
    aborted: '已终止',
    closed: '已关闭',
  },
};

function issueLink(deps: AppDeps, issue: SupportIssueRow): string {
  return `${deps.config.publicUrl}/support/${issue.id}`;
}

async function languageOf(deps: AppDeps, userId: string | null): Promise<Language> {
  if (!userId) return 'en';
  const rows = await deps.store.db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.language ?? 'en';
}

async function send(deps: AppDeps, log: Log, to: string, subject: string, lines: string[]): Promise<void> {
  try {
    await deps.mailer.send({ to, subject, text: lines.join('\n') });
  } catch (error) {
    log(`support mail to ${to} could not be sent`, error);
  }
}

/** Staff answered (a reply, a request for information, or a reply rewritten): the customer's progress mail. */
export async function mailStaffReply(deps: AppDeps, log: Log, issue: SupportIssueRow, content: string, kind: 'reply' | 'request_info' | 'edited'): Promise<void> {
  if (!issue.notifyOnProgress || !issue.notifyEmail) return;
  const zh = (await languageOf(deps, issue.creatorId)) === 'zh';
  const asksCustomer = kind === 'request_info';
  const subject =
    kind === 'edited'
      ? zh
        ? `工单 #${issue.number} 的回复已修改：${issue.title}`
        : `Reply edited on issue #${issue.number}: ${issue.title}`
      : zh
        ? `工单 #${issue.number} 有新回复：${issue.title}`
        : `New reply on issue #${issue.number}: ${issue.title}`;
  const ask = asksCustomer ? [zh ? '技术支持需要您提供更多信息，请在工单中回复。' : 'Support needs more information from you: please reply in the issue.', ''] : [];
  await send(deps, log, issue.notifyEmail, subject, [...ask, content, '', zh ? `查看工单：${issueLink(deps, issue)}` : `Open the issue: ${issueLink(deps, issue)}`]);
}

/** The issue moved to another state: the customer's progress mail. */
export async function mailStateChange(deps: AppDeps, log: Log, issue: SupportIssueRow, to: TicketStateValue): Promise<void> {
  if (!issue.notifyOnProgress || !issue.notifyEmail) return;
  const language = await languageOf(deps, issue.creatorId);
  const state = STATE_NAMES[language][to];
  const lines =
    language === 'zh'
      ? [`您的工单 #${issue.number}（${issue.title}）现在的状态是：${state}。`, '', `查看工单：${issueLink(deps, issue)}`]
      : [`Your issue #${issue.number} (${issue.title}) is now ${state}.`, '', `Open the issue: ${issueLink(deps, issue)}`];
  await send(deps, log, issue.notifyEmail, language === 'zh' ? `工单 #${issue.number}：${state}` : `Issue #${issue.number}: ${state}`, lines);
}

/** The customer wrote in an assigned issue: the assignee's mail (in English: the desk's language). */
export async function mailAssignee(deps: AppDeps, log: Log, issue: SupportIssueRow, content: string): Promise<void> {
  if (!issue.assigneeId) return;
  const rows = await deps.store.db.select({ email: users.email }).from(users).where(eq(users.id, issue.assigneeId)).limit(1);
  if (!rows[0]) return;
  await send(deps, log, rows[0].email, `Customer reply on issue #${issue.number}: ${issue.title}`, [content, '', `Open it in the desk: ${deps.config.publicUrl}/desk/issues/${issue.id}`]);
}
