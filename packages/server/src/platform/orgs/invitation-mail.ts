import { INVITATION_TTL_MS, type Language } from '@tscloud/contracts';
import type { MailMessage } from '../../mail';

/**
 * The invitation e-mail. The link opens the console's accept page (/auth/thirdparty?accept=<token>, the spec's
 * route for it): signed in, the page accepts; otherwise it asks the person to sign in — or, without an account,
 * to sign up with this address, after which they join on activation.
 */
export function invitationMail(input: {
  to: string;
  orgName: string;
  inviter: string;
  link: string;
  /** active: the account exists; registering: signed up, not yet activated; none: no account yet. */
  account: 'active' | 'registering' | 'none';
  language: Language;
  signupUrl: string;
}): MailMessage {
  const days = Math.round(INVITATION_TTL_MS / 86_400_000);
  const { to, orgName, inviter, link, account, signupUrl } = input;
  if (input.language === 'zh') {
    const intro = `${inviter} 邀请您加入 tscloud 上的组织「${orgName}」。`;
    const how =
      account === 'active'
        ? `请打开以下链接接受邀请：\n${link}`
        : account === 'registering'
          ? `请先通过注册时收到的激活邮件激活您的账号，激活后即自动加入该组织。也可以在登录后打开以下链接接受邀请：\n${link}`
          : `您还没有 tscloud 账号。请使用此邮箱 ${to} 注册并激活账号，激活后即自动加入该组织：\n${signupUrl}\n\n已注册后也可以打开以下链接接受邀请：\n${link}`;
    return { to, subject: `加入组织「${orgName}」的邀请`, text: `${intro}\n\n${how}\n\n邀请 ${days} 天内有效。` };
  }
  const intro = `${inviter} invited you to join the organization "${orgName}" on tscloud.`;
  const how =
    account === 'active'
      ? `Open this link to accept the invitation:\n${link}`
      : account === 'registering'
        ? `Activate your account first with the activation mail you received when signing up: you join the organization on activation. Once signed in you can also accept here:\n${link}`
        : `You have no tscloud account yet. Sign up with this address (${to}) and activate it: you join the organization on activation.\n${signupUrl}\n\nOnce signed up you can also accept here:\n${link}`;
  return { to, subject: `Invitation to join ${orgName}`, text: `${intro}\n\n${how}\n\nThe invitation is valid for ${days} days.` };
}
