import type { accountsExtra as en } from '../en/accountsExtra';

export const accountsExtra: Record<keyof typeof en, string> = {
  'marketplace.checking': '正在检查云市场订阅…',
  'marketplace.intro': '登录或创建账号，将您的云市场订阅关联到一个新组织。',
  'marketplace.newAccount': '创建账号',
  'marketplace.existingAccount': '我已有账号',
  'marketplace.sendCode': '发送验证码',
  'marketplace.resendCode': '重新发送',
  'marketplace.codeSent': '验证码已发送到您的邮箱，10 分钟内有效。',
  'marketplace.mfaCode': '多因素验证码',
  'marketplace.register': '创建账号并关联',
  'marketplace.link': '登录并关联',
  'captcha.loadFailed': 'RECAPTCHA 加载失败，是否重新加载？',
  'org.limit.rule': '免费套餐最多可拥有 {{max}} 个组织（您已拥有 {{owned}} 个）。',
  'org.limit.full': '免费套餐最多可拥有 {{max}} 个组织；将实例升级为付费套餐后可创建更多',
  'members.resendInvitation': '重新发送邀请',
  'members.invitationResent': '已向 {{email}} 发送新的邀请',
  'prompt.sendByEmail': '改为发送验证码到我的邮箱',
  'prompt.resendByEmail': '再发送一个验证码',
  'prompt.sentTo': '10 分钟内有效的验证码已发送到 {{to}}。',
};
