import { http } from '../../api/http';
import { useDeskMutation } from './deskMutation';

/** PUT and DELETE /api/desk/comment/{id}: staff change or remove their own replies and notes. */
export async function editDeskComment({ id, content }: { id: string; content: string }): Promise<null> {
  await http.put<null>(`/desk/comment/${encodeURIComponent(id)}`, { content });
  return null;
}

export async function deleteDeskComment(id: string): Promise<null> {
  await http.delete<null>(`/desk/comment/${encodeURIComponent(id)}`);
  return null;
}

export const useEditDeskComment = () => useDeskMutation(editDeskComment);
export const useDeleteDeskComment = () => useDeskMutation(deleteDeskComment);
