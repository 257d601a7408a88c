import type { TicketDetail } from '@tscloud/contracts';
import type { TestApp } from '../support/app';
import type { Caller } from '../orgs/helpers';

/** A multipart body with one file part named `file`, as the console's upload sends it. */
export function multipartBody(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----tscloudticket';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file as a member (POST /api/files in orgId) or as staff (POST /api/desk/files). */
export async function upload(t: TestApp, who: Caller, filename: string, content: Buffer, orgId?: string) {
  const { body, contentType } = multipartBody(filename, content);
  const headers: Record<string, string> = { authorization: `Bearer ${who.token}`, 'content-type': contentType };
  if (orgId) headers['account-id'] = orgId;
  const res = await t.app.inject({ method: 'POST', url: orgId ? '/api/files' : '/api/desk/files', payload: body, headers });
  return res.json() as { code: number; message: string; data: { id: string; name: string; content_type: string; size: number } | null };
}

/** Opens an issue with the fields the create dialog sends. */
export async function openIssue(customer: Caller, orgId: string, fields: Record<string, unknown> = {}): Promise<TicketDetail> {
  const res = await customer.call<TicketDetail>('POST', '/api/issues', { title: 'Queries time out', description: 'Since *Monday* the `select` times out.', type: 1, product: 'console', ...fields }, orgId);
  if (res.code !== 200) throw new Error(`open issue: ${res.code} ${res.message}`);
  return res.data;
}
