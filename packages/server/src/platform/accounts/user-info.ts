import type { UserInfo } from '@tscloud/contracts';
import type { UserRow } from '../../store/schema';

export function avatarUrl(fileId: string | null): string {
  return fileId ? `/api/files/avatar/${fileId}` : '';
}

/** The user profile's userInfo of platform-shell.md §3, as GET /api/user/info answers it. */
export function toUserInfo(user: UserRow, mfaEnabled: boolean): UserInfo {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    country_code: user.countryCode,
    phone_verified: user.phoneVerified,
    company_name: user.companyName,
    industry_type: user.industryType,
    position: user.position,
    status: user.status,
    role_id: user.roleId,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    nickname: user.nickname,
    avatar: avatarUrl(user.avatarFileId),
    language: user.language,
    accountStatus: user.accountStatus,
    mfaEnabled,
  };
}
