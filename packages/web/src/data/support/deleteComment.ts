import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** DELETE /api/issues/comment/{id}: the author removes her comment and its attachments. */
export async function deleteComment(id: string): Promise<null> {
  await http.delete<null>(`/issues/comment/${encodeURIComponent(id)}`);
  return null;
}

export const useDeleteComment = (orgId: string | null) => useIssueMutation(orgId, deleteComment);
