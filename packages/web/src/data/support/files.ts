import type { TicketUpload } from '@tscloud/contracts';
import { http } from '../../api/http';

/**
 * POST /api/files (multipart, field `file`) and GET /api/files/{id} (the bytes). The desk's calls are the same under
 * /desk. Size and count are checked before sending (pages/support/attachments/uploadRules.ts).
 */
export function uploadTicketFile(file: File, desk = false): Promise<TicketUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<TicketUpload>(desk ? '/desk/files' : '/files', form);
}

export function downloadTicketFile(id: string, desk = false): Promise<Blob> {
  return http.get<Blob>(`${desk ? '/desk' : ''}/files/${encodeURIComponent(id)}`, { responseType: 'blob' });
}
