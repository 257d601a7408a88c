import { naturalOrderSql } from '../../explorer-sql/order';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ServerResponse } from 'node:http';
import { Engine } from 'tscloud-engine';
import { ALL_PRIVILEGES, type Instance } from '@tscloud/contracts';
import { Providers } from '../../app/Providers';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { queryClient } from '../../data/queryClient';
import { patchBoot } from '../../state/boot';
import { clearSession, getDeviceId, getCsrfToken, mfaHeaders, selectOrg, session, setUserInfo } from '../../state/session';
import { openTestSession } from '../../testing/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import ExplorerPage from './ExplorerPage';

/**
 * The explorer screen with the real request layer against a test server whose SQL calls run on a real engine
 * (packages/engine, temp directory): the tree pages super tables on scroll and searches them; the database dialog
 * checks names, sends the generated CREATE DATABASE, shows the engine's refusal and keeps what was typed.
 */
vi.setConfig({ testTimeout: 120_000 });

const ok = (data: unknown) => ({ code: 200, message: 'success', data });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-explorer-ui-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
let plan = 1;
/** The engine user the test server's SQL calls run as (a member's user has no system-info rights). */
let sqlUser = 'root';
const CODE = 'a'.repeat(32);
const sharedEntry = { id: 'e1', title: 'Plant data', description: '', db_name: 'plant', region_id: 'local', access_code: CODE, platform: false, owned: false, imported: true, app_id: null, created_at: 0 };

async function sqlResult(sql: string) {
  try {
    const r = await engine.execute(sql, { user: sqlUser });
    const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
    if (r.kind === 'affected') return { code: 0, column_meta: [['affected_rows', 'INT', 4]], data: [[r.affectedRows]], rows: 1 };
    return { code: 0, column_meta: r.columns.map((c) => [c.name, c.type, c.length]), data: r.rows.map((row) => row.map(plain)), rows: r.rows.length };
  } catch (error) {
    return { code: 9999, desc: (error as Error).message, column_meta: [], data: [], rows: 0 };
  }
}

const instance = () =>
  ({
    id: 'i1', name: 'tsdb-i1', alias: 'prod', region_id: 'local', cloud_id: 'local', cloud_name: 'Local', region_name: 'local', td_cluster_id: 'tsdb-i1',
    cluster_status: 'Running', status_reason: null, image_version: '3.3.0.0-tscloud', app_type: 'TSDB', ha: 0, gateway_url: '', type: 'TSDB', plan, url: '',
    create_time: 1_700_000_000_000, privileges: [...ALL_PRIVILEGES], quota_info: { storage: 5, egress: 5 }, app_price_plan_name: plan ? 'STANDARD' : 'FREE', app_price_plan_level: plan,
    additional_storage: { support: true, metricType: 'STORAGE', price: 0, storage: 0 }, additional_connector: [],
  }) as unknown as Instance;

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  void (async () => {
    if (url === '/api/app/list') return sendJson(res, ok([instance()]));
    if (url === '/api/app/menus/i1' || url === '/api/org/menus') return sendJson(res, ok({}));
    if (url === '/api/data/user/dblist/i1') {
      const r = await sqlResult('SHOW DATABASES');
      const names = r.data.map((row) => String(row[0])).filter((n) => !n.endsWith('_schema'));
      return sendJson(res, ok(names.map((n) => ({ databaseName: n, name: n, privileges: [{ name: 'db:read' }, { name: 'db:write' }, { name: 'db:drop' }], typeName: 'database', parent: 'i1', key: `i1/${n}` }))));
    }
    if (url === '/api/data/database/mart') return sendJson(res, ok({ published: [], imported: [sharedEntry] }));
    if (url === '/api/data/database/platform') return sendJson(res, ok([]));
    if (url === '/api/region/local/data/sql/i1' || url.startsWith('/api/region/local/private/data/sql/') || url === `/api/region/local/data/sql/token/${CODE}`) {
      return sendJson(res, ok(await sqlResult(JSON.parse(req.body).sql as string)));
    }
    sendJson(res, { code: 404, message: 'Not found', data: null });
  })();
});

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  configureTestHttp(server.origin, { csrfToken: getCsrfToken, orgId: () => session.get().current.orgId, deviceId: getDeviceId, mfaHeaders: () => mfaHeaders() });
  await engine.execute('CREATE DATABASE plant', { user: 'root' });
  for (let i = 0; i < 10; i++) await engine.execute(`CREATE STABLE plant.s0${i} (ts TIMESTAMP, v INT) TAGS (g INT)`, { user: 'root' });
  await engine.execute('CREATE TABLE plant.d1 USING plant.s00 TAGS (1)', { user: 'root' });
  await engine.execute('CREATE TABLE plant.d2 USING plant.s00 TAGS (2)', { user: 'root' });
});

afterEach(() => {
  cleanup();
  clearSession();
  queryClient.clear();
  server.requests.length = 0;
});

afterAll(async () => {
  await server.close();
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open() {
  openTestSession();
  setUserInfo({ id: 'u1', email: 'owner@example.com', first_name: 'Ann', last_name: 'Lee', accountStatus: 2, avatar: '' } as never);
  selectOrg('o1', 'i1');
  patchBoot({ orgs: [{ orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: [...ALL_PRIVILEGES], marketplaceType: null, isOwner: true } as never], instances: [instance()] });
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <ExplorerPage /> }], { initialEntries: ['/'] })} />
    </Providers>,
  );
}

const wait = { timeout: 30_000 };

describe('database tree', () => {
  it('lists super tables 8 at a time, loads more on scroll, searches by name', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Toggle plant', {}, wait));
    const list = await screen.findByTestId('stables-plant', {}, wait);
    await within(list).findByText('s07', {}, wait);
    expect(within(list).queryByText('s08')).toBeNull();
    expect(within(list).getByText('Scroll for more (8 of 10)')).toBeTruthy();
    // s00 has two child tables.
    expect(within(list).getByText('s00').parentElement!.textContent).toBe('s002');

    fireEvent.scroll(screen.getByTestId('stables-scroll-plant'));
    await within(list).findByText('s09', {}, wait);
    expect(within(list).queryByText(/Scroll for more/)).toBeNull();

    fireEvent.change(within(list).getByLabelText('Search super tables'), { target: { value: 's05' } });
    await waitFor(() => expect(within(list).queryByText('s04')).toBeNull(), wait);
    await within(list).findByText('s05', {}, wait);
    const sqls = server.requests.filter((r) => r.url === '/api/region/local/data/sql/i1').map((r) => JSON.parse(r.body).sql as string);
    // Names in natural order (explorer-sql/order.ts), paged by the engine.
    expect(sqls).toContain(`SELECT stable_name, create_time, \`columns\`, \`tags\`, last_update FROM information_schema.ins_stables WHERE db_name = 'plant' ORDER BY ${naturalOrderSql('stable_name')} LIMIT 8 OFFSET 8`);
    expect(sqls.some((s) => s.includes(`stable_name LIKE '%s05%' ORDER BY ${naturalOrderSql('stable_name')} LIMIT 100`))).toBe(true);
  });
});

describe('database dialog', () => {
  it('checks the name, keeps what was typed on the engine’s refusal, creates with the generated statement', async () => {
    open();
    fireEvent.click(await screen.findByTestId('db-create', {}, wait));
    const name = await screen.findByLabelText('Database name', {}, wait);
    fireEvent.change(name, { target: { value: 'select' } });
    await screen.findByText('This is a reserved word: wrap it in backquotes', {}, wait);

    fireEvent.change(name, { target: { value: 'plant' } });
    fireEvent.click(screen.getByTestId('db-submit'));
    const failure = await screen.findByTestId('db-failure', {}, wait);
    expect(failure.textContent).toMatch(/exist/i);
    expect((screen.getByLabelText('Database name') as HTMLInputElement).value).toBe('plant');

    fireEvent.change(name, { target: { value: 'power' } });
    fireEvent.click(screen.getByTestId('db-submit'));
    await waitFor(() => expect(screen.queryByTestId('db-submit')).toBeNull(), wait);
    const sent = server.requests.find((r) => r.url === '/api/region/local/private/data/sql/createdb/i1/power');
    expect(JSON.parse(sent!.body).sql).toBe(
      "CREATE DATABASE power BUFFER 32 CACHEMODEL 'none' CACHESIZE 1 COMP 2 DURATION 10d WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 KEEP 3650d PAGES 256 PAGESIZE 4 PRECISION 'ms' REPLICA 1 WAL_LEVEL 1 VGROUPS 1 SINGLE_STABLE 0 WAL_RETENTION_PERIOD 3600 WAL_RETENTION_SIZE 0 STT_TRIGGER 1 TSDB_PAGESIZE 4",
    );
    const r = await engine.execute("SELECT `buffer` FROM information_schema.ins_databases WHERE name = 'power'", { user: 'root' });
    expect(r.kind === 'rows' && r.rows).toEqual([[32]]);
    await screen.findByLabelText('Toggle power', {}, wait);
  });

  it('the free plan shows the database limit once three exist', async () => {
    await engine.execute('CREATE DATABASE IF NOT EXISTS third', { user: 'root' });
    plan = 0;
    try {
      open();
      await screen.findByLabelText('Toggle third', {}, wait);
      fireEvent.click(screen.getByTestId('db-create'));
      expect((await screen.findByTestId('db-limit', {}, wait)).textContent).toContain('The free plan allows at most 3 databases');
      expect((screen.getByTestId('db-submit') as HTMLButtonElement).disabled).toBe(true);
    } finally {
      plan = 1;
    }
  });
});

describe('edit database', () => {
  it('shows the options of SHOW CREATE DATABASE to a user who cannot read them in ins_databases and sends only what changed', async () => {
    await engine.execute("CREATE DATABASE cached BUFFER 48 CACHEMODEL 'last_row' CACHESIZE 4", { user: 'root' });
    await engine.execute("CREATE USER member1 PASS 'Member_123' SYSINFO 0", { user: 'root' });
    await engine.execute('GRANT ALL ON cached.* TO member1', { user: 'root' });
    sqlUser = 'member1';
    try {
      open();
      await screen.findByLabelText('Toggle cached', {}, wait);
      fireEvent.click(screen.getByText('cached'));
      const info = await screen.findByTestId('db-info', {}, wait);
      await waitFor(() => expect(within(info).getByText('Latest-row cache').closest('th')!.nextElementSibling!.textContent).toBe('last_row'), wait);
      expect(within(info).getByText('Write buffer per virtual group').closest('th')!.nextElementSibling!.textContent).toBe('48 MB');

      fireEvent.click(screen.getByTestId('db-edit'));
      const dialog = await screen.findByRole('dialog', {}, wait);
      await within(dialog).findByText('last_row', {}, wait);
      expect((within(dialog).getByLabelText(/^Cache size/) as HTMLInputElement).value).toBe('4');
      fireEvent.click(within(dialog).getByTestId('db-submit'));
      await waitFor(() => expect(screen.queryByTestId('db-submit')).toBeNull(), wait);
      const sqls = () => server.requests.filter((r) => r.url === '/api/region/local/data/sql/i1').map((r) => JSON.parse(r.body).sql as string);
      expect(sqls()).toContain('SHOW CREATE DATABASE cached');
      expect(sqls().filter((q) => q.startsWith('ALTER'))).toEqual([]);

      fireEvent.click(screen.getByTestId('db-edit'));
      const again = await screen.findByRole('dialog', {}, wait);
      fireEvent.change(within(again).getByLabelText(/^Cache size/), { target: { value: '8' } });
      fireEvent.click(within(again).getByTestId('db-submit'));
      await waitFor(() => expect(sqls().filter((q) => q.startsWith('ALTER'))).toEqual(['ALTER DATABASE cached CACHESIZE 8']), wait);
    } finally {
      sqlUser = 'root';
    }
  });
});

describe('super table designer', () => {
  it('creates a super table from the default form and shows it in the tree', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Toggle plant', {}, wait));
    fireEvent.click(await within(screen.getByTestId('db-tree')).findByText('plant', { selector: 'span' }, wait));
    fireEvent.click(await screen.findByTestId('stable-create', {}, wait));
    fireEvent.change(await screen.findByLabelText('Super table name', {}, wait), { target: { value: 'meters' } });
    await act(async () => fireEvent.click(screen.getByTestId('stable-submit')));
    await waitFor(() => expect(screen.queryByTestId('stable-submit')).toBeNull(), wait);
    const described = await engine.execute('DESCRIBE plant.meters', { user: 'root' });
    expect(described.kind === 'rows' && described.rows.map((r) => [r[0], r[1], r[3]])).toEqual([['ts', 'TIMESTAMP', ''], ['val', 'INT', ''], ['tag1', 'INT', 'TAG']]);
    const list = screen.getByTestId('stables-plant');
    fireEvent.change(within(list).getByLabelText('Search super tables'), { target: { value: 'met' } });
    await within(list).findByText('meters', {}, wait);
  });
});

describe('table dialog', () => {
  it('creates a child table of the selected super table with tag values checked by type', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Toggle plant', {}, wait));
    const list = await screen.findByTestId('stables-plant', {}, wait);
    fireEvent.click(await within(list).findByText('s01', {}, wait));
    fireEvent.click(await screen.findByText('Child tables', {}, wait));
    fireEvent.click(await screen.findByTestId('table-create', {}, wait));
    fireEvent.change(await screen.findByLabelText('Table name', {}, wait), { target: { value: 'd9' } });
    const tag = await screen.findByLabelText('g (INT)', {}, wait);
    fireEvent.change(tag, { target: { value: 'x' } });
    await act(async () => fireEvent.click(screen.getByTestId('table-submit')));
    await screen.findByText("The value does not fit the tag's type", {}, wait);
    fireEvent.change(tag, { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByTestId('table-submit')));
    await waitFor(() => expect(screen.queryByTestId('table-submit')).toBeNull(), wait);
    const sent = server.requests.map((r) => (r.url === '/api/region/local/data/sql/i1' ? (JSON.parse(r.body).sql as string) : '')).filter((s) => s.startsWith('CREATE TABLE'));
    expect(sent).toEqual(['CREATE TABLE plant.d9 USING plant.s01 (g) TAGS (5)']);
    const tags = await engine.execute("SELECT tag_value FROM information_schema.ins_tags WHERE table_name = 'd9'", { user: 'root' });
    expect(tags.kind === 'rows' && tags.rows).toEqual([['5']]);
    await screen.findByText('d9', {}, wait);
  });
});

describe('shared databases', () => {
  it('an imported database is browsed read-only through its access code', async () => {
    open();
    const shared = await screen.findByTestId('shared-tree', {}, wait);
    fireEvent.click(within(shared).getByLabelText('Toggle plant (read-only)'));
    await within(shared).findByText('s00', {}, wait);
    expect(server.requests.some((r) => r.url === `/api/region/local/data/sql/token/${CODE}` && JSON.parse(r.body).sql.includes('ins_stables'))).toBe(true);
    fireEvent.click(within(shared).getByText('s00'));
    await screen.findByTestId('structure', {}, wait);
    expect(screen.queryByTestId('stable-edit')).toBeNull();
    expect(screen.queryByTestId('stable-drop')).toBeNull();
  });
});
