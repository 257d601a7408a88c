// A consumer as its own process (test/topics/tmq-process.test.ts kills it with SIGKILL).
// usage: node consumer-process.mjs <engine url> <group> <topic>
// Prints each row as `ROW <json>` and `COMMITTED` after it drained and committed; then keeps polling.
import WebSocket from 'ws';

const [url, group, topic] = process.argv.slice(2);
const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/rest/tmq`);
let reqId = 0;
const pending = new Map();
ws.on('message', (data) => {
  const reply = JSON.parse(String(data));
  pending.get(reply.req_id)?.(reply);
  pending.delete(reply.req_id);
});
const call = (action, args = {}) =>
  new Promise((resolve, reject) => {
    const req_id = ++reqId;
    pending.set(req_id, (r) => (r.code === 0 ? resolve(r) : reject(new Error(`${action}: ${r.code} ${r.message}`))));
    ws.send(JSON.stringify({ action, args: { req_id, ...args } }));
  });

async function pollOnce() {
  const p = await call('poll', { blocking_time: 200 });
  if (!p.have_message) return false;
  for (;;) {
    const f = await call('fetch', { message_id: p.message_id });
    if (f.completed) break;
    for (const row of f.data) process.stdout.write(`ROW ${JSON.stringify([f.table_name, ...row])}\n`);
  }
  return true;
}

ws.once('open', async () => {
  try {
    await call('subscribe', { user: 'root', password: 'taosdata', group_id: group, client_id: 'proc', auto_commit: 'false', offset_reset: 'earliest', topics: [topic] });
    let empty = 0;
    while (empty < 2) empty = (await pollOnce()) ? 0 : empty + 1;
    await call('commit', {});
    process.stdout.write('COMMITTED\n');
    for (;;) await pollOnce();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
});
