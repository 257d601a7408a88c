import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Engine } from 'tscloud-engine';
import { DISK_USAGE_COLUMNS, DISK_USAGE_PARTS, Privilege } from '@tscloud/contracts';
import { changeLanguage } from '../../../i18n';
import { engineSqlResult } from '../../../testing/engineSql';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../../testing/screenHarness';
import { explorerInstance } from '../context';
import { DatabasePanel } from './DatabasePanel';

/**
 * The view-database panel against a test server whose SQL call runs on a real engine (temp directory): the name in
 * full, facts under people's labels in English and Chinese (never ins_databases column names), table counts, and
 * disk use with a unit, or a note when the engine user may not read it (a member's user has no system-info rights).
 */
vi.setConfig({ testTimeout: 120_000 });

const DB = 'power_plant_north_with_a_name_longer_than_any_card_title';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-db-panel-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
for (const sql of [
  `CREATE DATABASE ${DB} PRECISION 'us' VGROUPS 2 WAL_FSYNC_PERIOD 2500`,
  `CREATE STABLE ${DB}.meters (ts TIMESTAMP, v INT) TAGS (site INT)`,
  `CREATE TABLE ${DB}.m1 USING ${DB}.meters TAGS (1) ${DB}.m2 USING ${DB}.meters TAGS (2)`,
  `CREATE TABLE ${DB}.events (ts TIMESTAMP, note VARCHAR(20))`,
  `INSERT INTO ${DB}.m1 VALUES ('2024-01-01 00:00:00.000', 5) ('2024-01-01 00:00:01.000', 6)`,
  "CREATE USER reader1 PASS 'Reader_123' SYSINFO 0",
  `GRANT READ ON ${DB}.* TO reader1`,
]) await engine.execute(sql, { user: 'root' });

/** The engine user the SQL call runs as: root, or a member's user without system-info rights. */
let sqlUser = 'root';
let diskFails = false;
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  void (async () => {
    if (isMenusCall(url)) return sendJson(res, ok({}));
    if (url === '/api/region/local/data/sql/i1') return sendJson(res, ok(await engineSqlResult(engine, JSON.parse(req.body).sql as string, sqlUser)));
    // As the server answers it: the superuser's ins_disk_usage rows of the database, summed (server test:
    // explorer-routes.test.ts); or a failure when the test says the engine cannot be read.
    if (url === `/api/data/user/diskusage/i1/${DB}`) {
      if (diskFails) return sendJson(res, { code: 503, message: 'Service is unavailable, please try again later', data: null });
      const rows = await engineSqlResult(engine, `SELECT ${DISK_USAGE_COLUMNS.join(', ')} FROM information_schema.ins_disk_usage WHERE db_name = '${DB}'`, 'root');
      const usage = Object.fromEntries(DISK_USAGE_PARTS.map((part, i) => [part, rows.data.reduce((sum, row) => sum + Number(row[i]), 0)]));
      return sendJson(res, ok(usage));
    }
    sendJson(res, { code: 404, message: 'Not found', data: null });
  })();
});

useScreenTest(server, {
  reset: () => {
    sqlUser = 'root';
    diskFails = false;
  },
});
afterAll(async () => {
  await changeLanguage('en');
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wait = { timeout: 60_000 };

function openPanel() {
  signIn();
  renderScreen(<DatabasePanel instance={explorerInstance(testInstance(), false)} db={DB} privileges={[Privilege.DB_READ, Privilege.DB_WRITE]} databaseCount={1} onDropped={() => {}} />);
}

/** The value shown beside the label `label` (exact text) in the panel's facts. */
function valueOf(label: string): string | null {
  const th = within(screen.getByTestId('db-info')).getByText(label, { selector: 'th, th *' });
  return th.closest('th')!.nextElementSibling!.textContent;
}

const RAW_NAMES = /\b(ntables|wal_fsync_period|vgroups|create_time|cachemodel|wal_retention_period|db_name)\b/;

describe('view database panel', () => {
  it('shows the name in full and the facts under English labels with units, counts and disk use', async () => {
    openPanel();
    expect(screen.getByTestId('db-title').textContent).toBe(DB);
    await within(await screen.findByTestId('db-overview', {}, wait)).findByText('Super tables', {}, wait);
    expect(valueOf('Tables')).toBe('3');
    expect(valueOf('Super tables')).toBe('1');
    expect(valueOf('Child tables')).toBe('2');
    expect(valueOf('Normal tables')).toBe('1');
    expect(valueOf('Virtual groups')).toBe('2');
    expect(valueOf('Time precision')).toBe('us');
    expect(valueOf('Status')).toBe('Ready');
    expect(valueOf('Created')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(valueOf('WAL fsync period')).toBe('2500 ms');
    expect(valueOf('Data kept for')).toBe('3650 days, 3650 days, 3650 days');
    expect(valueOf('Write buffer per virtual group')).toBe('256 MB');

    const storage = await screen.findByTestId('db-storage');
    await within(storage).findByText('Disk use', {}, wait);
    expect(valueOf('Disk use')).toMatch(/^\d+\.\d{2} (KB|MB|GB)$/);
    expect(valueOf('Data files')).toMatch(/^\d+\.\d{2} (KB|MB|GB)$/);
    expect(valueOf('Write-ahead log')).toMatch(/^\d+\.\d{2} (B|KB|MB)$/);
    expect(screen.getByTestId('db-info').textContent).not.toMatch(RAW_NAMES);
  });

  it('reads in Chinese for a member whose engine user has no system-info rights, with the vgroups from SHOW CREATE DATABASE and the disk use from the server', async () => {
    sqlUser = 'reader1';
    await act(async () => changeLanguage('zh'));
    try {
      openPanel();
      await within(await screen.findByTestId('db-overview', {}, wait)).findByText('超级表', {}, wait);
      expect(valueOf('表数量')).toBe('3');
      expect(valueOf('子表')).toBe('2');
      expect(valueOf('普通表')).toBe('1');
      expect(valueOf('虚拟节点组')).toBe('2');
      expect(valueOf('时间精度')).toBe('us');
      expect(valueOf('WAL 落盘周期')).toBe('2500 毫秒');
      expect(valueOf('数据保留时长')).toBe('3650 天, 3650 天, 3650 天');
      // The member's engine user may not read ins_disk_usage; the server reads it for a member who may read the database.
      await within(await screen.findByTestId('db-storage', {}, wait)).findByText('磁盘占用', {}, wait);
      expect(valueOf('磁盘占用')).toMatch(/^\d+\.\d{2} (KB|MB|GB)$/);
      await waitFor(() => expect(screen.getByTestId('db-info').textContent).not.toMatch(RAW_NAMES), wait);
      expect(screen.getByTestId('db-info').textContent).not.toMatch(/Tables|Disk use|Options/);
    } finally {
      await act(async () => changeLanguage('en'));
    }
  });

  it('says so when the disk use cannot be read, and shows the rest', async () => {
    diskFails = true;
    openPanel();
    expect((await screen.findByTestId('db-disk-unavailable', {}, wait)).textContent).toBe('The disk use of this database cannot be read right now.');
    expect(valueOf('Tables')).toBe('3');
  });
});
