import type { SnippetInput } from '../programming/snippets';

/**
 * The Topics screen's example tab (issue 6): consumer code for the instance in the programming page's languages
 * (curl/websocket, Node, Python, Go, Java). Each speaks the engine's TMQ WebSocket protocol (`/rest/tmq`, the
 * taosAdapter action names: subscribe, poll, fetch, commit) through the instance's gateway with the instance token,
 * the same address and token the programming page's REST snippets use. Pure text, tested (consumerSnippets.test.ts).
 */
export const CONSUMER_LANGUAGES = ['curl', 'node', 'python', 'go', 'java'] as const;
export type ConsumerLanguage = (typeof CONSUMER_LANGUAGES)[number];

export interface ConsumerInput extends Pick<SnippetInput, 'gatewayUrl' | 'token'> {
  topic: string;
  group: string;
}

/** `wss://…/gw/{id}/rest/tmq?token=…` (ws:// for an http console). */
export function tmqUrl({ gatewayUrl, token }: Pick<ConsumerInput, 'gatewayUrl' | 'token'>): string {
  return `${gatewayUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/rest/tmq?token=${encodeURIComponent(token)}`;
}

const subscribeArgs = (input: ConsumerInput) =>
  `{"req_id":1,"group_id":"${input.group}","client_id":"example","offset_reset":"earliest","auto_commit":"true","topics":["${input.topic}"]}`;

function curl(input: ConsumerInput): string {
  return [
    '# websocat (https://github.com/vi/websocat): one JSON request per line',
    `websocat "${tmqUrl(input)}" <<'EOF'`,
    `{"action":"subscribe","args":${subscribeArgs(input)}}`,
    '{"action":"poll","args":{"req_id":2,"blocking_time":1000}}',
    '{"action":"fetch","args":{"req_id":3,"message_id":1}}',
    '{"action":"commit","args":{"req_id":4}}',
    '{"action":"close","args":{"req_id":5}}',
    'EOF',
  ].join('\n');
}

function node(input: ConsumerInput): string {
  return [
    '// npm install ws',
    'const WebSocket = require("ws");',
    '',
    `const ws = new WebSocket("${tmqUrl(input)}");`,
    'let reqId = 0;',
    'const pending = new Map();',
    'const call = (action, args = {}) => new Promise((resolve, reject) => {',
    '  const id = ++reqId;',
    '  pending.set(id, (reply) => (reply.code === 0 ? resolve(reply) : reject(new Error(reply.message))));',
    '  ws.send(JSON.stringify({ action, args: { req_id: id, ...args } }));',
    '});',
    'ws.on("message", (data) => { const reply = JSON.parse(data); pending.get(reply.req_id)?.(reply); });',
    '',
    'ws.on("open", async () => {',
    `  await call("subscribe", { group_id: "${input.group}", client_id: "example", offset_reset: "earliest", topics: ["${input.topic}"] });`,
    '  for (let i = 0; i < 10; i++) {',
    '    const message = await call("poll", { blocking_time: 1000 });',
    '    if (!message.have_message) continue;',
    '    for (;;) {',
    '      const block = await call("fetch", { message_id: message.message_id });',
    '      if (block.completed) break;',
    '      console.log(block.table_name, block.fields_names, block.data);',
    '    }',
    '    await call("commit", { message_id: message.message_id });',
    '  }',
    '  await call("close");',
    '});',
  ].join('\n');
}

function python(input: ConsumerInput): string {
  return [
    '# pip install websocket-client',
    'import json',
    'from websocket import create_connection',
    '',
    `ws = create_connection("${tmqUrl(input)}")`,
    'req_id = 0',
    '',
    'def call(action, **args):',
    '    global req_id',
    '    req_id += 1',
    '    ws.send(json.dumps({"action": action, "args": {"req_id": req_id, **args}}))',
    '    reply = json.loads(ws.recv())',
    '    if reply["code"] != 0:',
    '        raise RuntimeError(reply["message"])',
    '    return reply',
    '',
    `call("subscribe", group_id="${input.group}", client_id="example", offset_reset="earliest", topics=["${input.topic}"])`,
    'for _ in range(10):',
    '    message = call("poll", blocking_time=1000)',
    '    if not message["have_message"]:',
    '        continue',
    '    while True:',
    '        block = call("fetch", message_id=message["message_id"])',
    '        if block["completed"]:',
    '            break',
    '        print(block["table_name"], block["fields_names"], block["data"])',
    '    call("commit", message_id=message["message_id"])',
    'call("close")',
  ].join('\n');
}

function go(input: ConsumerInput): string {
  return [
    '// go get github.com/gorilla/websocket',
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '',
    '\t"github.com/gorilla/websocket"',
    ')',
    '',
    'var reqID = 0',
    '',
    'func call(ws *websocket.Conn, action string, args map[string]any) map[string]any {',
    '\treqID++',
    '\targs["req_id"] = reqID',
    '\tif err := ws.WriteJSON(map[string]any{"action": action, "args": args}); err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\treply := map[string]any{}',
    '\tif err := ws.ReadJSON(&reply); err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tif reply["code"].(float64) != 0 {',
    '\t\tpanic(reply["message"])',
    '\t}',
    '\treturn reply',
    '}',
    '',
    'func main() {',
    `\tws, _, err := websocket.DefaultDialer.Dial("${tmqUrl(input)}", nil)`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer ws.Close()',
    `\tcall(ws, "subscribe", map[string]any{"group_id": "${input.group}", "client_id": "example", "offset_reset": "earliest", "topics": []string{"${input.topic}"}})`,
    '\tfor i := 0; i < 10; i++ {',
    '\t\tmessage := call(ws, "poll", map[string]any{"blocking_time": 1000})',
    '\t\tif message["have_message"] != true {',
    '\t\t\tcontinue',
    '\t\t}',
    '\t\tfor {',
    '\t\t\tblock := call(ws, "fetch", map[string]any{"message_id": message["message_id"]})',
    '\t\t\tif block["completed"] == true {',
    '\t\t\t\tbreak',
    '\t\t\t}',
    '\t\t\tfmt.Println(block["table_name"], block["fields_names"], block["data"])',
    '\t\t}',
    '\t\tcall(ws, "commit", map[string]any{"message_id": message["message_id"]})',
    '\t}',
    '\tcall(ws, "close", map[string]any{})',
    '}',
  ].join('\n');
}

function java(input: ConsumerInput): string {
  return [
    '// Java 11+: java.net.http.WebSocket, one request at a time (prints the raw JSON replies)',
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.WebSocket;',
    'import java.util.concurrent.*;',
    '',
    'public class TopicConsumer {',
    '  public static void main(String[] args) throws Exception {',
    '    BlockingQueue<String> replies = new LinkedBlockingQueue<>();',
    '    WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()',
    `        .buildAsync(URI.create("${tmqUrl(input)}"), new WebSocket.Listener() {`,
    '          StringBuilder text = new StringBuilder();',
    '          public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {',
    '            text.append(data);',
    '            if (last) { replies.add(text.toString()); text.setLength(0); }',
    '            w.request(1);',
    '            return null;',
    '          }',
    '        }).join();',
    '    String[] requests = {',
    `      "{\\"action\\":\\"subscribe\\",\\"args\\":${subscribeArgs(input).replace(/"/g, '\\"')}}",`,
    '      "{\\"action\\":\\"poll\\",\\"args\\":{\\"req_id\\":2,\\"blocking_time\\":1000}}",',
    '      "{\\"action\\":\\"fetch\\",\\"args\\":{\\"req_id\\":3,\\"message_id\\":1}}",',
    '      "{\\"action\\":\\"commit\\",\\"args\\":{\\"req_id\\":4}}",',
    '    };',
    '    for (String request : requests) {',
    '      ws.sendText(request, true).join();',
    '      System.out.println(replies.take());',
    '    }',
    '    ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();',
    '  }',
    '}',
  ].join('\n');
}

const BUILDERS: Record<ConsumerLanguage, (input: ConsumerInput) => string> = { curl, node, python, go, java };

export function buildConsumerSnippet(language: ConsumerLanguage, input: ConsumerInput): string {
  return BUILDERS[language](input);
}
