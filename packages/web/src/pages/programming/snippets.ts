/**
 * The programming page's connection snippets (issue 4): each one reaches the instance's gateway
 * (`/gw/{instanceId}`, the TDengine REST protocol) with the instance token, as it should be pasted into a terminal or
 * a source file. Pure text, so the exact output is tested (snippets.test.ts).
 */
export const SNIPPET_LANGUAGES = ['curl', 'node', 'python', 'go', 'java', 'influxdb'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

export interface SnippetInput {
  /** The instance's gateway URL, e.g. https://console.example.com/gw/5f0c… (no trailing slash). */
  gatewayUrl: string;
  /** The token as it should appear (the real one, a masked one, or a placeholder). */
  token: string;
  /** The database the line-protocol example writes into. */
  database: string;
}

/** The statement every query snippet runs. */
export const SAMPLE_SQL = 'SHOW DATABASES';
/** One InfluxDB line: measurement, tag set, field set (the engine stamps it with its own time). */
export const SAMPLE_LINE = 'meters,location=office current=10.3,voltage=219i';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The REST SQL address with the token in the query, as TDengine cloud URLs carry it. */
export function sqlUrl({ gatewayUrl, token }: Pick<SnippetInput, 'gatewayUrl' | 'token'>): string {
  return `${trimSlash(gatewayUrl)}/rest/sql?token=${encodeURIComponent(token)}`;
}

/**
 * The JDBC REST URL (TAOS-RS driver): host and port of the console, SSL when it is https, and the token. No path:
 * the stock driver posts to `/rest/sql` at the host's root whatever the URL says, and the server's token-routed
 * entry there finds the instance by its token.
 */
export function jdbcUrl({ gatewayUrl, token }: Pick<SnippetInput, 'gatewayUrl' | 'token'>): string {
  const url = new URL(gatewayUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `jdbc:TAOS-RS://${url.hostname}:${port}?useSSL=${url.protocol === 'https:'}&token=${encodeURIComponent(token)}`;
}

function curl(input: SnippetInput): string {
  return `curl -L -d "${SAMPLE_SQL}" "${sqlUrl(input)}"`;
}

function node(input: SnippetInput): string {
  return [
    '// npm install @tdengine/rest',
    'const { options, connect } = require("@tdengine/rest");',
    '',
    // The client replaces its default path (/rest/sql) with the URL's path, so the URL names the SQL endpoint.
    `options.url = "${trimSlash(input.gatewayUrl)}/rest/sql";`,
    `options.query = { token: "${input.token}" };`,
    '',
    'const cursor = connect(options).cursor();',
    `cursor.query("${SAMPLE_SQL}").then((result) => console.log(result.getData()));`,
  ].join('\n');
}

function python(input: SnippetInput): string {
  return [
    '# Python 3, standard library only',
    'import json',
    'import urllib.parse',
    'import urllib.request',
    '',
    `url = "${trimSlash(input.gatewayUrl)}/rest/sql"`,
    `token = "${input.token}"`,
    '',
    'request = urllib.request.Request(url + "?" + urllib.parse.urlencode({"token": token}), data=b"' + SAMPLE_SQL + '", method="POST")',
    'with urllib.request.urlopen(request) as response:',
    '    print(json.load(response))',
  ].join('\n');
}

function go(input: SnippetInput): string {
  return [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"strings"',
    ')',
    '',
    'func main() {',
    `\turl := "${sqlUrl(input)}"`,
    `\tresp, err := http.Post(url, "text/plain", strings.NewReader("${SAMPLE_SQL}"))`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer resp.Body.Close()',
    '\tbody, _ := io.ReadAll(resp.Body)',
    '\tfmt.Println(string(body))',
    '}',
  ].join('\n');
}

function java(input: SnippetInput): string {
  return [
    '// Maven: com.taosdata.jdbc:taos-jdbcdriver',
    'import java.sql.Connection;',
    'import java.sql.DriverManager;',
    'import java.sql.ResultSet;',
    'import java.sql.Statement;',
    '',
    'public class Main {',
    '    public static void main(String[] args) throws Exception {',
    `        String jdbcUrl = "${jdbcUrl(input)}";`,
    '        try (Connection conn = DriverManager.getConnection(jdbcUrl);',
    '             Statement stmt = conn.createStatement();',
    `             ResultSet rs = stmt.executeQuery("${SAMPLE_SQL}")) {`,
    '            while (rs.next()) {',
    '                System.out.println(rs.getString(1));',
    '            }',
    '        }',
    '    }',
    '}',
  ].join('\n');
}

function influxdb(input: SnippetInput): string {
  const base = trimSlash(input.gatewayUrl);
  const token = encodeURIComponent(input.token);
  return [
    `curl -L -d "CREATE DATABASE IF NOT EXISTS ${input.database}" "${sqlUrl(input)}"`,
    `curl -L -X POST "${base}/influxdb/v1/write?db=${encodeURIComponent(input.database)}&token=${token}" --data-binary "${SAMPLE_LINE}"`,
  ].join('\n');
}

const BUILDERS: Record<SnippetLanguage, (input: SnippetInput) => string> = { curl, node, python, go, java, influxdb };

export function buildSnippet(language: SnippetLanguage, input: SnippetInput): string {
  return BUILDERS[language](input);
}

/**
 * What the snippets show while the tab knows no token: readable as it stands in a URL (encodeURIComponent leaves it
 * as is, unlike `<TOKEN>`) and obviously to be replaced.
 */
export const TOKEN_PLACEHOLDER = 'YOUR_TOKEN';

/**
 * Text the user selected and copied by hand from a masked token or snippet, with the real token in place of the
 * masked one: a copy must work, only the screen is masked.
 */
export function unmaskCopiedText(selected: string, token: string): string {
  return selected.split(maskToken(token)).join(token);
}

/** The token as shown until revealed: its first and last four characters. */
export function maskToken(token: string): string {
  if (token.length <= 8) return '*'.repeat(token.length);
  return `${token.slice(0, 4)}${'*'.repeat(8)}${token.slice(-4)}`;
}
