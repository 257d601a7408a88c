import { MfaOperation, type Language, type MfaOperationId, type VerifyUrl } from '@tscloud/contracts';

interface VerifyUrlEntry {
  id: MfaOperationId;
  url: string;
  method: string;
  name: Record<Language, string>;
  exemptible: boolean;
}

/**
 * The protected operations (GET /api/dict/verify-urls): a route names one of these ids in `policy.mfa`, and a
 * user with multi-factor on must then present a Verify-Token or an MFA-Code for it, unless they exempted it
 * for a while. Changing the exemptions themselves is never exemptible.
 */
const VERIFY_URLS: readonly VerifyUrlEntry[] = [
  { id: MfaOperation.ORG_DELETE, url: '/api/org/remove/:id', method: 'DELETE', name: { en: 'Delete an organization', zh: '删除组织' }, exemptible: true },
  { id: MfaOperation.ORG_TRANSFER_OWNER, url: '/api/org/transfer-owner/:id', method: 'POST', name: { en: 'Transfer organization ownership', zh: '转让组织所有权' }, exemptible: true },
  { id: MfaOperation.ORG_SSO, url: '/api/org/sso/azure-ad', method: 'POST', name: { en: 'Change single sign-on settings', zh: '修改单点登录设置' }, exemptible: true },
  { id: MfaOperation.MEMBER_DELETE, url: '/api/org/delete/orguser', method: 'POST', name: { en: 'Remove organization members', zh: '删除组织成员' }, exemptible: true },
  { id: MfaOperation.INSTANCE_DELETE, url: '/api/region/:regionId/app/remove/:id', method: 'DELETE', name: { en: 'Delete an instance', zh: '删除实例' }, exemptible: true },
  { id: MfaOperation.INSTANCE_TOKEN_RESET, url: '/api/region/:regionId/apptoken/reset/:id', method: 'PUT', name: { en: 'Reset an instance token', zh: '重置实例令牌' }, exemptible: true },
  { id: MfaOperation.PASSWORD_CHANGE, url: '/api/user/reset', method: 'PUT', name: { en: 'Change password', zh: '修改密码' }, exemptible: true },
  { id: MfaOperation.PHONE_CHANGE, url: '/api/user/phone', method: 'PUT', name: { en: 'Change phone number', zh: '修改手机号' }, exemptible: true },
  { id: MfaOperation.MFA_SETTINGS, url: '/api/verify/user-mfa-urls', method: 'POST', name: { en: 'Pause multi-factor verification', zh: '暂停多因素验证' }, exemptible: false },
];

export function verifyUrls(language: Language): VerifyUrl[] {
  return VERIFY_URLS.map((e) => ({ id: e.id, url: e.url, method: e.method, name: e.name[language], exemptible: e.exemptible }));
}

export function isVerifyUrlId(id: string): id is MfaOperationId {
  return VERIFY_URLS.some((e) => e.id === id);
}

export function isExemptible(id: string): boolean {
  return VERIFY_URLS.some((e) => e.id === id && e.exemptible);
}
