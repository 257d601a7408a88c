import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** DELETE /api/issues/{id}: only an issue nobody in support has taken up yet. */
export async function deleteIssue(id: string): Promise<null> {
  await http.delete<null>(`/issues/${encodeURIComponent(id)}`);
  return null;
}

export const useDeleteIssue = (orgId: string | null) => useIssueMutation(orgId, deleteIssue);
