import { useMutation } from '@tanstack/react-query';
import type { ExportRequest, ExportTicket } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';

/**
 * POST /api/region/{region}/data/sql/export/{appId} {sql, format, db?}: a single-use export ticket and its download
 * URL (docs/explorer-server.md "Export"); refused with "export only for query results" for anything but a query.
 */
export function createExport(instance: InstanceRef, body: ExportRequest): Promise<ExportTicket> {
  return http.post<ExportTicket>(`/region/${encodeURIComponent(instance.region_id)}/data/sql/export/${encodeURIComponent(instance.id)}`, body);
}

/**
 * Opens the ticket's URL as a plain download link: the browser's download manager writes the file as the server
 * streams it, so the page never holds the file (issue 13 item 5). The session cookie goes with the GET.
 */
export function startDownload(ticket: ExportTicket): void {
  const link = document.createElement('a');
  link.href = ticket.url;
  link.download = ticket.file_name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Creates the ticket and starts its download. */
export function useExportFile(instance: InstanceRef) {
  return useMutation({
    mutationFn: async (body: ExportRequest) => {
      const ticket = await createExport(instance, body);
      startDownload(ticket);
      return ticket;
    },
  });
}
