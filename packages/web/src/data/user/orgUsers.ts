import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrgMember, OrgUserListQuery, OrgUserReactivateBody, OrgUserUpdateBody, Page, PromptCodeResponse, VerifyCodeChannel } from '@tscloud/contracts';
import { http } from '../../api/http';
import { accessKeys } from '../access/keys';
import { queryClient } from '../queryClient';

// Under the organization's members: whatever changes members (status, groups, invitations) refreshes these pages.
const orgUserKey = (orgId: string | null, query: OrgUserListQuery) => [...accessKeys.members(orgId), 'page', query] as const;

/** GET /api/user: the current organization's users, paged and filtered. */
export function listOrgUsers(query: OrgUserListQuery): Promise<Page<OrgMember>> {
  return http.get<Page<OrgMember>>('/user', { query: { ...query } });
}

/** PUT /api/user/{userId}: status and/or groups of a user of the organization. */
export function updateOrgUser(userId: string, body: OrgUserUpdateBody): Promise<OrgMember> {
  return http.put<OrgMember>(`/user/${encodeURIComponent(userId)}`, body);
}

/** POST /api/user/reactivate: a new invitation for a user still invited. */
export function reactivateOrgUser(body: OrgUserReactivateBody): Promise<{ email: string }> {
  return http.post<{ email: string }>('/user/reactivate', body);
}

/** GET /api/user/getVerifyCode/{channel}: a code for the verification-code prompt (POST /api/verify/token {code}). */
export function requestPromptCode(channel: VerifyCodeChannel): Promise<PromptCodeResponse> {
  return http.get<PromptCodeResponse>(`/user/getVerifyCode/${channel}`);
}

export function useOrgUsers(orgId: string | null, query: OrgUserListQuery) {
  return useQuery({ queryKey: orgUserKey(orgId, query), queryFn: () => listOrgUsers(query), enabled: orgId !== null });
}

// Members show in several lists of the access area (users, groups, grants): all of them are refreshed.
const invalidate = () => queryClient.invalidateQueries({ queryKey: accessKeys.all });

export function useUpdateOrgUserMutation() {
  return useMutation({ mutationFn: (v: { userId: string; body: OrgUserUpdateBody }) => updateOrgUser(v.userId, v.body), onSuccess: invalidate });
}

export function useReactivateOrgUserMutation() {
  return useMutation({ mutationFn: reactivateOrgUser, onSuccess: invalidate });
}

export function usePromptCodeMutation() {
  return useMutation({ mutationFn: requestPromptCode });
}
