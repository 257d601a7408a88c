import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { CsvFileItem, SourceSampleResponse, SourceValidateResponse, TransformSampleResponse } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION } from '../instances/harness';
import { csvFilesDir } from '../../src/region/replication/sources';
import { requireService } from './sources-services';
import { ownerViewerInstance, uploadCsvFile } from './task-helpers';

/**
 * The transform sample, source sample and check-connection calls on the real app (data-in.md §7, §8): rows exactly
 * as written with per-record messages, the first N records of a CSV file and of a live MQTT topic, valid=false with
 * the §8 message, and replication:read required.
 */
describe('data-in sample and validate calls', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let viewer: Caller;
  let orgId: string;
  let id: string;
  const path = (what: string) => `/api/region/${REGION}/replication/${id}/${what}`;
  const T0 = 1_767_225_600_000;
  const transform = {
    parser: { type: 'json' },
    filter: "device != 'b'",
    mapping: { stable: 'meters', table: 'd_${device}', timestamp: { field: 'at' }, columns: [{ name: 'current', type: 'FLOAT' }], tags: [{ name: 'device', type: 'VARCHAR' }] },
  };

  beforeAll(async () => {
    await world.open();
    ({ owner, viewer, orgId, id } = await ownerViewerInstance(world, 'Datainsample'));
    const dir = csvFilesDir(world.dataDir, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'meters.csv'), `at,payload\n${[1, 2, 3, 4, 5, 6, 7].map((i) => `${T0 + i},"{""device"":""d${i}"",""current"":${i}}"`).join('\n')}\n`);
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  it('transform sample over given records: the rows as written, filtered ones absent, failures with their index and message', async () => {
    const records = [
      { at: T0, payload: '{"device":"a","current":1.5}' },
      { at: T0 + 1, payload: '{"device":"b","current":-1}' },
      { at: T0 + 2, payload: 'not json' },
      { at: T0 + 3, payload: '{"device":"c","current":"x"}' },
    ];
    const answer = await owner.call<TransformSampleResponse>('POST', path('transform/sample/flat?tz=Asia/Shanghai'), { transform, records }, orgId);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({
      records: 4,
      rows: [{ stable: 'meters', table: 'd_a', tags: { device: 'a' }, columns: { ts: T0, current: 1.5 } }],
      failed: [
        { index: 2, message: expect.stringMatching(/'payload' is not JSON/) },
        { index: 3, message: "current: 'x' is not a number" },
      ],
    });
  });

  it('transform sample from the source: the first 5 lines by default, at most 100 (§5)', async () => {
    const source = { connector: 'csv', values: { files: ['meters.csv'] } };
    const answer = await owner.call<TransformSampleResponse>('POST', path('transform/sample/flat'), { transform, source }, orgId);
    expect(answer.data.records).toBe(5);
    expect(answer.data.rows.map((row) => row.table)).toEqual(['d_d1', 'd_d2', 'd_d3', 'd_d4', 'd_d5']);
    expect((await owner.call<TransformSampleResponse>('POST', path('transform/sample/flat'), { transform, source, lines: 2 }, orgId)).data.records).toBe(2);
    const tooMany = await owner.call('POST', path('transform/sample/flat'), { transform, source, lines: 101 }, orgId);
    expect(tooMany.code).toBe(400);
    expect(tooMany.message).toBe('The number of sample lines is between 1 and 100');
  });

  it('tz: the zone of timestamp texts without an offset, unless the transform names one; an unknown zone is refused', async () => {
    const records = [{ at: '2026-01-01 08:00:00', payload: '{"device":"a","current":1}' }, { at: '2026-01-01T08:00:00+08:00', payload: '{"device":"b2","current":2}' }];
    const sampled = async (query: string, timezone?: string) => {
      const zoned = { ...transform, filter: undefined, mapping: { ...transform.mapping, timestamp: { field: 'at', timezone } } };
      const answer = await owner.call<TransformSampleResponse>('POST', path(`transform/sample/flat${query}`), { transform: zoned, records }, orgId);
      expect(answer.code).toBe(200);
      return answer.data.rows.map((row) => row.columns.ts);
    };
    expect(await sampled('?tz=Asia/Shanghai')).toEqual([T0, T0]);
    expect(await sampled('')).toEqual([T0 + 8 * 3_600_000, T0]);
    expect(await sampled('?tz=Asia/Shanghai', 'UTC')).toEqual([T0 + 8 * 3_600_000, T0]);
    const unknown = await owner.call('POST', path('transform/sample/flat?tz=Nowhere/Atall'), { transform, records }, orgId);
    expect(unknown.code).toBe(400);
    expect(unknown.message).toBe('Choose a known time zone');
  });

  it('refuses a transform breaking a §5 rule with its message', async () => {
    const bad = { ...transform, extract: [{ field: 'topic', rule: 'a.b' }] };
    const answer = await owner.call('POST', path('transform/sample/flat'), { transform: bad, records: [] }, orgId);
    expect(answer.code).toBe(400);
    expect(answer.message).toBe('A new field cannot be named ts, topic or qos');
    const noRule = await owner.call('POST', path('transform/sample/flat'), { transform: { ...transform, extract: [{ field: 'x', rule: '' }] }, records: [] }, orgId);
    expect(noRule.message).toBe('Please enter the extract rule of the field');
  });

  it('source sample (GET /ds/in/sample) of a CSV file and of a live MQTT topic', async (ctx) => {
    const csv = await owner.call<SourceSampleResponse>('GET', path(`ds/in/sample?connector=csv&lines=2&values=${encodeURIComponent(JSON.stringify({ files: ['meters.csv'] }))}`), undefined, orgId);
    expect(csv.data.records).toEqual([
      { at: String(T0 + 1), payload: '{"device":"d1","current":1}' },
      { at: String(T0 + 2), payload: '{"device":"d2","current":2}' },
    ]);
    await requireService(ctx, 'Mosquitto', 1883);
    const topic = `datain/sample/${Date.now().toString(36)}`;
    const values = { host: '127.0.0.1', port: 1883, version: '5.0', topics: `${topic}::1`, client_id: 'sample-task' };
    const sampling = owner.call<SourceSampleResponse>('POST', path('ds/in/sample'), { connector: 'mqtt', values, lines: 3 }, orgId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const publisher = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
    for (const n of [1, 2, 3, 4]) await publisher.publishAsync(topic, `{"n":${n}}`, { qos: 1 });
    await publisher.endAsync();
    const answer = await sampling;
    expect(answer.data.records.map((record) => record.payload)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
  });

  it('check connection: valid, or valid=false with the §8 message (csv here; each source has its own tests)', async () => {
    const ok = await owner.call<SourceValidateResponse>('POST', path('ds/in/validate'), { connector: 'csv', values: { files: ['meters.csv'] } }, orgId);
    expect(ok.data).toEqual({ valid: true });
    const missing = await owner.call<SourceValidateResponse>('GET', path(`ds/in/validate?connector=csv&values=${encodeURIComponent('{"files":["nope.csv"]}')}`), undefined, orgId);
    expect(missing.data).toEqual({ valid: false, message: "source is not reachable, or its version is not supported: 'nope.csv' is not in the CSV files area" });
    const closed = await owner.call<SourceValidateResponse>('POST', path('ds/in/validate'), { connector: 'postgres', values: { host: '127.0.0.1', port: 1, database: 'x', username: 'u', password: 'p' } }, orgId);
    expect(closed.data.valid).toBe(false);
  });

  it('needs replication:read', async () => {
    expect((await viewer.call('POST', path('ds/in/validate'), { connector: 'csv', values: {} }, orgId)).code).toBe(403);
    expect((await viewer.call('POST', path('transform/sample/flat'), { transform, records: [] }, orgId)).code).toBe(403);
  });

  const upload = (caller: Caller, name: string, content: string) => uploadCsvFile(world, caller, orgId, id, name, content);

  it('csvFiles area: upload, list, a task sample reads the upload, delete; §5 names; viewers only list', async () => {
    const uploaded = await upload(owner, 'uploaded (2).csv', 'at,payload\n1,x\n');
    expect(uploaded.data).toMatchObject({ name: 'uploaded (2).csv', size: 15 });
    const listed = await owner.call<CsvFileItem[]>('GET', path('csv/files'), undefined, orgId);
    expect(listed.data.map((item) => item.name)).toEqual(['meters.csv', 'uploaded (2).csv']);
    const sample = await owner.call<SourceSampleResponse>('POST', path('ds/in/sample'), { connector: 'csv', values: { files: ['uploaded (2).csv'] } }, orgId);
    expect(sample.data.records).toEqual([{ at: '1', payload: 'x' }]);
    for (const bad of ['bad;name.csv', 'notes.txt', 'CON.csv']) {
      const refused = await upload(owner, bad, 'a\n');
      expect(refused.message).toBe('A CSV file name holds letters, digits, spaces and _ - . ( ), ends with .csv and has at most 255 characters');
    }
    expect((await upload(viewer, 'v.csv', 'a\n')).code).toBe(403);
    expect((await owner.call('DELETE', path(`csv/files/${encodeURIComponent('uploaded (2).csv')}`), undefined, orgId)).code).toBe(200);
    expect((await owner.call('DELETE', path('csv/files/gone.csv'), undefined, orgId)).code).toBe(404);
    expect((await owner.call<CsvFileItem[]>('GET', path('csv/files'), undefined, orgId)).data.map((item) => item.name)).toEqual(['meters.csv']);
  });
});
