import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { en, TICKET_FILE_MAX_BYTES } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { openIssue, upload } from './helpers';

/**
 * Issue 18 "Files … or an S3-compatible store when configured": the same calls with FILES_S3_* set keep the bytes in
 * the bucket (s3rver, an S3-protocol server in this process), nothing under DATA_DIR/files but the part files of
 * uploads in progress.
 */
describe('support attachments in an S3-compatible store', () => {
  const BUCKET = 'tscloud-files';
  let s3: S3rver;
  let client: S3Client;
  let t: TestApp;
  let customer: Caller;
  let orgId: string;

  const objects = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'support/' }))).Contents ?? []).map((o) => o.Key);

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 's3rver-')), configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    t = await createTestApp({
      env: { FILES_S3_BUCKET: BUCKET, FILES_S3_ENDPOINT: endpoint, FILES_S3_PREFIX: 'support/', FILES_S3_ACCESS_KEY_ID: 'S3RVER', FILES_S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    customer = await signedIn(t, 'cora@example.com', 'Cora');
    orgId = await createOrg(customer, 'Cora-Power');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('keeps an upload in the bucket and serves it from there', async () => {
    const stored = (await upload(t, customer, 'notes.log', Buffer.from('from the bucket\n'), orgId)).data!;
    expect(await objects()).toEqual([`support/${stored.id}`]);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `support/${stored.id}` }));
    expect(await object.Body!.transformToString()).toBe('from the bucket\n');
    expect(readdirSync(join(t.dataDir, 'files'))).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${stored.id}`, headers: { authorization: `Bearer ${customer.token}`, 'account-id': orgId } });
    expect(res.body).toBe('from the bucket\n');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('puts nothing in the bucket for a refused upload, and removes an issue files with the issue', async () => {
    const before = await objects();
    const big = await upload(t, customer, 'big.log', Buffer.alloc(TICKET_FILE_MAX_BYTES + 1, 0x61), orgId);
    expect(big).toMatchObject({ code: 400, message: en['validation.fileTooLarge'] });
    expect(await objects()).toEqual(before);
    expect(readdirSync(join(t.dataDir, 'files'))).toEqual([]);

    const file = (await upload(t, customer, 'gone.log', Buffer.from('gone'), orgId)).data!;
    const issue = await openIssue(customer, orgId, { attachments: [file.id] });
    expect(await objects()).toContain(`support/${file.id}`);
    expect((await customer.call('DELETE', `/api/issues/${issue.id}`, undefined, orgId)).code).toBe(200);
    expect(await objects()).not.toContain(`support/${file.id}`);
  });
});
