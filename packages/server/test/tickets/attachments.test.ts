import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, TICKET_FILE_MAX_BYTES, type TicketDetail } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { addStaff } from '../../src/platform/support';
import { multipartBody, openIssue, upload } from './helpers';

/** A 1×1 PNG: its signature is what makes it an image, whatever its name says. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');

/** Issue 18 "Files": streamed and limited uploads, safe names, inert downloads, organization scope. */
describe('support attachments', () => {
  let t: TestApp;
  let customer: Caller;
  let outsider: Caller;
  let agent: Caller;
  let orgId: string;
  let otherOrg: string;
  const download = (who: Caller, id: string, org?: string) =>
    t.app.inject({ method: 'GET', url: org ? `/api/files/${id}` : `/api/desk/files/${id}`, headers: { authorization: `Bearer ${who.token}`, ...(org ? { 'account-id': org } : {}) } });
  const storedNames = () => (existsSync(join(t.dataDir, 'files')) ? readdirSync(join(t.dataDir, 'files')) : []);

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_MAX_FILES: '2' } });
    customer = await signedIn(t, 'cora@example.com', 'Cora');
    outsider = await signedIn(t, 'otto@example.com', 'Otto');
    agent = await signedIn(t, 'agent@support.test', 'Sam');
    orgId = await createOrg(customer, 'Cora-Power');
    otherOrg = await createOrg(outsider, 'Otto-Grid');
    await addStaff(t.store.db, t.clock, agent.user.id);
  });
  afterAll(async () => t.close());

  it('tells the console the configured limits', async () => {
    expect((await customer.call('GET', '/api/support/limits')).data).toEqual({ max_files: 2, max_file_bytes: TICKET_FILE_MAX_BYTES, markdown_max: 9999 });
  });

  it('refuses 10 MB + 1 byte while it streams, before the upload ends, and keeps nothing of it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = storedNames();
    const { body, contentType } = multipartBody('big.log', Buffer.alloc(TICKET_FILE_MAX_BYTES + 1, 0x61));
    // everything but the closing boundary: the answer must come while the request is still open
    const head = body.subarray(0, body.length - 24);
    const answer = await new Promise<{ status: number; json: { code: number; message: string } }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/files', headers: { authorization: `Bearer ${customer.token}`, 'account-id': orgId, 'content-type': contentType, 'transfer-encoding': 'chunked' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
            req.destroy();
          });
        },
      );
      req.on('error', (error) => (error.message.includes('socket hang up') || error.message.includes('EPIPE') ? undefined : reject(error)));
      for (let offset = 0; offset < head.length; offset += 1 << 20) req.write(head.subarray(offset, offset + (1 << 20)));
      // the request is never ended
    });
    expect(answer.json).toMatchObject({ code: 400, message: en['validation.fileTooLarge'] });
    expect(storedNames()).toEqual(before);

    const exactly = await upload(t, customer, 'max.log', Buffer.alloc(TICKET_FILE_MAX_BYTES, 0x61), orgId);
    expect(exactly).toMatchObject({ code: 200, data: { size: TICKET_FILE_MAX_BYTES, content_type: 'text/plain; charset=utf-8' } });
  });

  it('stores a file named ../../etc/passwd under a generated id and shows only its last segment', async () => {
    const res = await upload(t, customer, '../../etc/passwd', Buffer.from('root:x:0:0\n'), orgId);
    expect(res.data).toMatchObject({ name: 'passwd', size: 11 });
    expect(storedNames()).toContain(res.data!.id);
    expect(existsSync(join(t.dataDir, '..', 'etc', 'passwd'))).toBe(false);
    expect(storedNames().every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
    const windows = await upload(t, customer, '..\\..\\boot.ini', Buffer.from('x'), orgId);
    expect(windows.data?.name).toBe('boot.ini');
  });

  it('types a file from its bytes, and serves HTML as a download that never renders', async () => {
    const png = await upload(t, customer, 'notes.txt', PNG, orgId);
    expect(png.data?.content_type).toBe('image/png');
    const html = await upload(t, customer, 'page.html', Buffer.from('<html><script>alert(document.cookie)</script></html>'), orgId);
    expect(html.data?.content_type).toBe('text/plain; charset=utf-8');
    const res = await download(customer, html.data!.id, orgId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<script>');
    const binary = await upload(t, customer, 'core.dump', Buffer.from([0, 1, 2, 3, 0xff, 0xfe]), orgId);
    expect((await download(customer, binary.data!.id, orgId)).headers['content-type']).toBe('application/octet-stream');
  });

  it("attaches uploads to issues and comments, at most the configured count, and keeps them in the issue's organization", async () => {
    const a = (await upload(t, customer, 'a.log', Buffer.from('a'), orgId)).data!;
    const b = (await upload(t, customer, 'b.log', Buffer.from('b'), orgId)).data!;
    const c = (await upload(t, customer, 'c.log', Buffer.from('c'), orgId)).data!;
    const tooMany = await customer.call('POST', '/api/issues', { title: 'Three files', description: 'x', type: 1, attachments: [a.id, b.id, c.id] }, orgId);
    expect(tooMany.message).toBe(en['support.tooManyFiles'].replace('{0}', '2'));
    const issue = await openIssue(customer, orgId, { attachments: [a.id, b.id] });
    expect(issue.attachments.map((f) => f.name)).toEqual(['a.log', 'b.log']);
    // an upload can be named once; another organization's upload not at all
    expect((await customer.call('POST', `/api/issues/${issue.id}/comments`, { content: 'again', attachments: [a.id] }, orgId)).message).toBe(en['support.attachmentUnknown']);
    const foreign = (await upload(t, outsider, 'x.log', Buffer.from('x'), otherOrg)).data!;
    expect((await customer.call('POST', `/api/issues/${issue.id}/comments`, { content: 'theirs', attachments: [foreign.id] }, orgId)).message).toBe(en['support.attachmentUnknown']);
    const commented = await customer.call<TicketDetail>('POST', `/api/issues/${issue.id}/comments`, { content: 'log', attachments: [c.id] }, orgId);
    expect(commented.data.comments[0].attachments.map((f) => f.name)).toEqual(['c.log']);

    // another organization's member gets 404 for the issue and for its file; staff read it in the desk
    expect((await outsider.call('GET', `/api/issues/${issue.id}`, undefined, otherOrg)).code).toBe(404);
    const refused = await download(outsider, a.id, otherOrg);
    expect(refused.json()).toMatchObject({ code: 404, data: null });
    expect((await download(customer, a.id, orgId)).body).toBe('a');
    expect((await download(agent, a.id)).body).toBe('a');
    // staff see no file that is not part of an issue yet
    const loose = (await upload(t, customer, 'loose.log', Buffer.from('loose'), orgId)).data!;
    expect((await download(agent, loose.id)).json()).toMatchObject({ code: 404 });
  });

  it("hides a staff note's attachment from the customer, and deletes an issue's files with it", async () => {
    const issue = await openIssue(customer, orgId, { title: 'Files go with the issue', attachments: [(await upload(t, customer, 'mine.log', Buffer.from('mine'), orgId)).data!.id] });
    await agent.call('POST', `/api/desk/issues/${issue.id}/action`, { action: 'assign' });
    const note = (await upload(t, agent, 'internal.txt', Buffer.from('staff only'))).data!;
    const reply = await agent.call<TicketDetail>('POST', `/api/desk/issues/${issue.id}/replies`, { content: 'see file', kind: 'internal', attachments: [note.id] });
    expect(reply.code).toBe(200);
    expect((await download(agent, note.id)).body).toBe('staff only');
    expect((await download(customer, note.id, orgId)).json()).toMatchObject({ code: 404 });

    const fresh = await openIssue(customer, orgId, { title: 'Short-lived', attachments: [(await upload(t, customer, 'gone.log', Buffer.from('gone'), orgId)).data!.id] });
    const fileId = fresh.attachments[0].id;
    expect(storedNames()).toContain(fileId);
    expect((await customer.call('DELETE', `/api/issues/${fresh.id}`, undefined, orgId)).code).toBe(200);
    expect(storedNames()).not.toContain(fileId);
  });
});
