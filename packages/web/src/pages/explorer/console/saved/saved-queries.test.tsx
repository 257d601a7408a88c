import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { en, type Favorite } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../../../testing/screenHarness';
import { FavoritesPanel } from '../FavoritesPanel';
import { SaveQueryButtons } from '../SaveQueryButtons';

/** The saved-queries panel and the save dialog, with the real request layer against a server keeping the lists as ours does. */
vi.setConfig({ testTimeout: 120_000 });

const instance = testInstance();
const query = (over: Partial<Favorite>): Favorite => ({
  id: over.name ?? 'q',
  app_id: 'i1',
  name: 'q',
  folder: '',
  sql: 'SELECT 1',
  shared: false,
  creator: 'owner@example.com',
  deletable: true,
  created_at: 1,
  updated_at: 1,
  ...over,
});
const PERSONAL: Favorite[] = [
  query({ name: 'Daily avg', folder: 'Reports', sql: 'SELECT avg(v)\nFROM power.meters\nINTERVAL(1d)' }),
  query({ name: 'Weekly max', folder: 'Reports', sql: 'SELECT max(v) FROM power.meters INTERVAL(1w)' }),
  query({ name: 'Row count', folder: 'Checks', sql: 'SELECT count(*) FROM power.meters' }),
  query({ name: 'Loose one', sql: 'SHOW DATABASES' }),
];
const SHARED: Favorite[] = [
  query({ name: 'Team board', folder: 'Team', sql: 'SELECT last(*) FROM power.meters', shared: true, creator: 'lead@example.com', deletable: false }),
  query({ name: 'My share', sql: 'SELECT 2', shared: true, deletable: true }),
];

const lists: Record<'favorite' | 'shared_favorite', Favorite[]> = { favorite: [], shared_favorite: [] };
const reset = () => {
  lists.favorite = PERSONAL.map((q) => ({ ...q }));
  lists.shared_favorite = SHARED.map((q) => ({ ...q }));
};
reset();

const BASE = /^\/api\/region\/local\/data\/(favorite|shared_favorite)(?:\/([^/?]+))?$/;
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  const match = BASE.exec(path);
  if (match) {
    const list = lists[match[1] as keyof typeof lists];
    const id = match[2] && decodeURIComponent(match[2]);
    if (req.method === 'GET') return sendJson(res, ok(list));
    if (req.method === 'DELETE') {
      lists[match[1] as keyof typeof lists] = list.filter((q) => q.id !== id);
      return sendJson(res, ok(null));
    }
    const body = JSON.parse(req.body) as { name: string; folder: string; sql: string };
    // As the server refuses a name someone saved meanwhile: the field named, the message in the caller's language.
    if (body.name === 'Saved meanwhile') return sendJson(res, { code: 409, message: en['error.savedQueryNameTaken'], data: { field: 'name' } });
    if (req.method === 'PUT') {
      const current = list.find((q) => q.id === id)!;
      Object.assign(current, body);
      return sendJson(res, ok({ id, name: current.name, folder: current.folder }));
    }
    list.push(query({ ...body, shared: match[1] === 'shared_favorite' }));
    return sendJson(res, ok({ id: body.name, name: body.name, folder: body.folder }));
  }
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server, { reset });

const calls = (method: string) => server.requests.filter((r) => r.method === method && BASE.test(r.url.split('?')[0]));
const field = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const entry = (name: string) => screen.getByRole('treeitem', { name });
const entryNames = () => screen.queryAllByTestId('saved-query').map((e) => e.closest('li')!.getAttribute('aria-label'));
const longWait = { timeout: 30_000 };

function openPanel(readOnly = false) {
  const onUse = vi.fn();
  signIn({ instances: [instance] });
  renderScreen(<FavoritesPanel instance={instance} onUse={onUse} readOnly={readOnly} />);
  return onUse;
}

describe('saved queries panel', () => {
  it('shows folders as a tree (folders first, then queries in no folder), each query with its name and first SQL line', async () => {
    openPanel();
    await screen.findByRole('tree', undefined, longWait);
    const folders = screen.getAllByRole('treeitem').filter((i) => i.hasAttribute('aria-expanded'));
    expect(folders.map((f) => f.getAttribute('aria-label'))).toEqual(['Checks', 'Reports']);
    expect(within(entry('Reports')).getByRole('button', { name: /Reports \(2\)/ })).toBeTruthy();
    expect(entryNames()).toEqual(['Row count', 'Daily avg', 'Weekly max', 'Loose one']);
    const daily = within(entry('Daily avg')).getByTestId('saved-query');
    expect(within(daily).getByTestId('saved-query-sql').textContent).toBe('SELECT avg(v)');
    // The actions are their own flex item after the text, which shrinks with an ellipsis: they never cover it.
    const text = within(daily).getByTestId('saved-query-text');
    const actions = within(daily).getByTestId('saved-query-actions');
    expect(text.nextElementSibling).toBe(actions);
    expect([daily.style.display, daily.style.flexWrap, text.style.minWidth, text.style.overflow, actions.style.flex]).toEqual(['flex', 'wrap', '0px', 'hidden', '0 0 auto']);
    expect(within(daily).getByTestId('saved-query-sql').style.textOverflow).toBe('ellipsis');

    // A folder closes and opens.
    fireEvent.click(within(entry('Reports')).getByRole('button', { name: /Reports/ }));
    expect(entry('Reports').getAttribute('aria-expanded')).toBe('false');
    expect(entryNames()).toEqual(['Row count', 'Loose one']);
    fireEvent.click(within(entry('Reports')).getByRole('button', { name: /Reports/ }));
    expect(entryNames()).toEqual(['Row count', 'Daily avg', 'Weekly max', 'Loose one']);
  });

  it('searches by name or SQL, and Open puts the whole SQL in the editor', async () => {
    const onUse = openPanel();
    await screen.findByRole('tree', undefined, longWait);
    const search = screen.getByLabelText('Search by name or SQL');
    fireEvent.change(search, { target: { value: 'weekly' } });
    expect(entryNames()).toEqual(['Weekly max']);
    fireEvent.change(search, { target: { value: 'count(' } });
    expect(entryNames()).toEqual(['Row count']);
    fireEvent.change(search, { target: { value: 'INTERVAL(1d)' } });
    expect(entryNames()).toEqual(['Daily avg']);
    fireEvent.click(within(entry('Daily avg')).getByRole('button', { name: 'Open in the editor' }));
    expect(onUse).toHaveBeenCalledWith('SELECT avg(v)\nFROM power.meters\nINTERVAL(1d)');
    fireEvent.change(search, { target: { value: 'nothing like this' } });
    expect(screen.getByText('No saved query matches.')).toBeTruthy();
  });

  it('renames and moves a query: a name taken in the target folder is refused before sending', async () => {
    openPanel();
    await screen.findByRole('tree', undefined, longWait);
    fireEvent.click(within(entry('Row count')).getByRole('button', { name: 'Rename or move' }));
    await screen.findByTestId('saved-query-form', undefined, longWait);
    expect(field('name').value).toBe('Row count');
    expect(field('folder').value).toBe('Checks');
    expect(screen.queryByText('Visible to')).toBeNull();

    type('folder', 'Reports');
    type('name', 'Daily avg');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(en['error.savedQueryNameTaken'], undefined, longWait)).toBeTruthy();
    expect(calls('PUT')).toHaveLength(0);

    type('folder', 'a/b');
    expect(await screen.findByText(en['validation.savedQueryFolder'], undefined, longWait)).toBeTruthy();
    type('folder', 'Reports');
    type('name', 'Meter count');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1), longWait);
    expect(calls('PUT')[0].url).toBe('/api/region/local/data/favorite/Row%20count');
    expect(JSON.parse(calls('PUT')[0].body)).toEqual({ name: 'Meter count', folder: 'Reports' });
    await waitFor(() => expect(entryNames()).toEqual(['Daily avg', 'Meter count', 'Weekly max', 'Loose one']), longWait);
    expect(screen.queryByTestId('saved-query-form')).toBeNull();
  });

  it('deletes after a confirmation', async () => {
    openPanel();
    await screen.findByRole('tree', undefined, longWait);
    fireEvent.click(within(entry('Loose one')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByText('Delete "Loose one"?', undefined, longWait);
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE').map((r) => r.url)).toEqual(['/api/region/local/data/favorite/Loose%20one']), longWait);
    await waitFor(() => expect(entryNames()).not.toContain('Loose one'), longWait);
  });

  it('shows who saved a shared query and offers changes only where the server allows them', async () => {
    openPanel();
    await screen.findByRole('tree', undefined, longWait);
    fireEvent.click(screen.getByText('Shared'));
    await waitFor(() => expect(entryNames()).toEqual(['Team board', 'My share']), longWait);
    expect(within(entry('Team board')).getByText('by lead@example.com')).toBeTruthy();
    expect(within(entry('Team board')).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Open in the editor']);
    expect(within(entry('My share')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('offers only Open in a read-only organization', async () => {
    openPanel(true);
    await screen.findByRole('tree', undefined, longWait);
    expect(within(entry('Loose one')).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Open in the editor']);
  });
});

describe('save query dialog', () => {
  function openButtons(text: string) {
    signIn({ instances: [instance] });
    renderScreen(<SaveQueryButtons instance={instance} text={text} readOnly={false} />);
  }

  it('asks nothing without a statement', async () => {
    openButtons('   ');
    fireEvent.click(await screen.findByRole('button', { name: /Save query/ }, longWait));
    expect(await screen.findByText('Type a statement first.', undefined, longWait)).toBeTruthy();
    expect(screen.queryByTestId('saved-query-form')).toBeNull();
  });

  it('proposes the first line as the name, checks the rules while typing and keeps the text on a server refusal', async () => {
    openButtons('SELECT avg(v)\nFROM power.meters');
    fireEvent.click(await screen.findByRole('button', { name: /Save query/ }, longWait));
    await screen.findByTestId('saved-query-form', undefined, longWait);
    expect(field('name').value).toBe('SELECT avg(v)');
    await waitFor(() => expect(calls('GET')).toHaveLength(2), longWait);

    type('name', '   ');
    expect(await screen.findByText(en['validation.savedQueryName'], undefined, longWait)).toBeTruthy();
    type('name', 'x'.repeat(65));
    expect(await screen.findByText(en['validation.savedQueryName'], undefined, longWait)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls('POST')).toHaveLength(0);

    // Taken in the personal list's folder: refused before sending.
    type('name', 'Daily avg');
    type('folder', 'Reports');
    await waitFor(() => expect(screen.queryByText(en['validation.savedQueryName'])).toBeNull(), longWait);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(en['error.savedQueryNameTaken'], undefined, longWait)).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);

    // The server refuses one the list did not show yet: the message under the name, what was typed kept.
    type('name', 'Saved meanwhile');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1), longWait);
    expect(await screen.findByText(en['error.savedQueryNameTaken'], undefined, longWait)).toBeTruthy();
    expect(field('name').value).toBe('Saved meanwhile');
    expect(field('folder').value).toBe('Reports');

    // Shared: the same name is free in the shared list.
    type('name', 'Daily avg');
    fireEvent.click(screen.getByRole('radio', { name: 'Members of the organization with access to this instance' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(2), longWait);
    expect(calls('POST')[1].url).toBe('/api/region/local/data/shared_favorite');
    expect(JSON.parse(calls('POST')[1].body)).toEqual({ app_id: 'i1', sql: 'SELECT avg(v)\nFROM power.meters', name: 'Daily avg', folder: 'Reports' });
    expect(await screen.findByText('Query saved.', undefined, longWait)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('saved-query-form')).toBeNull(), longWait);
  });

  it('offers the chosen list folders while typing one', async () => {
    openButtons('SELECT 1');
    fireEvent.click(await screen.findByRole('button', { name: /Save query/ }, longWait));
    await screen.findByTestId('saved-query-form', undefined, longWait);
    await waitFor(() => expect(calls('GET').length).toBeGreaterThanOrEqual(2), longWait);
    fireEvent.focus(field('folder'));
    fireEvent.change(field('folder'), { target: { value: 'e' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2), longWait);
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Checks', 'Reports']);
  });
});
