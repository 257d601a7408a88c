import { http } from '../../api/http';
import { useIssueMutation } from './issueMutation';

/** PUT /api/issues/comment/{id}: the author rewrites her comment. */
export async function editComment({ id, content }: { id: string; content: string }): Promise<null> {
  await http.put<null>(`/issues/comment/${encodeURIComponent(id)}`, { content });
  return null;
}

export const useEditComment = (orgId: string | null) => useIssueMutation(orgId, editComment);
