import { describe, expect, it } from 'vitest';
import { buildSnippet, jdbcUrl, maskToken, sqlUrl } from './snippets';

const input = { gatewayUrl: 'https://console.example.com/gw/abc-123', token: 'tok/en+1', database: 'power' };

describe('connection snippets', () => {
  it('curl posts the statement to the REST SQL address with the token in the query (encoded)', () => {
    expect(buildSnippet('curl', input)).toBe('curl -L -d "SHOW DATABASES" "https://console.example.com/gw/abc-123/rest/sql?token=tok%2Fen%2B1"');
  });

  it('the Node snippet configures the official REST client with the gateway URL and token', () => {
    expect(buildSnippet('node', input)).toBe(
      [
        '// npm install @tdengine/rest',
        'const { options, connect } = require("@tdengine/rest");',
        '',
        'options.url = "https://console.example.com/gw/abc-123/rest/sql";',
        'options.query = { token: "tok/en+1" };',
        '',
        'const cursor = connect(options).cursor();',
        'cursor.query("SHOW DATABASES").then((result) => console.log(result.getData()));',
      ].join('\n'),
    );
  });

  it('Python uses only the standard library, the token as a query parameter', () => {
    expect(buildSnippet('python', input)).toBe(
      [
        '# Python 3, standard library only',
        'import json',
        'import urllib.parse',
        'import urllib.request',
        '',
        'url = "https://console.example.com/gw/abc-123/rest/sql"',
        'token = "tok/en+1"',
        '',
        'request = urllib.request.Request(url + "?" + urllib.parse.urlencode({"token": token}), data=b"SHOW DATABASES", method="POST")',
        'with urllib.request.urlopen(request) as response:',
        '    print(json.load(response))',
      ].join('\n'),
    );
  });

  it('Go posts with net/http', () => {
    const text = buildSnippet('go', input);
    expect(text).toContain('\turl := "https://console.example.com/gw/abc-123/rest/sql?token=tok%2Fen%2B1"\n');
    expect(text).toContain('\tresp, err := http.Post(url, "text/plain", strings.NewReader("SHOW DATABASES"))\n');
    expect(text.startsWith('package main\n\nimport (\n\t"fmt"\n\t"io"\n\t"net/http"\n\t"strings"\n)\n')).toBe(true);
  });

  it('Java uses the TAOS-RS JDBC URL of the host (the driver posts to /rest/sql at its root): SSL follows the scheme, the default port is explicit', () => {
    expect(jdbcUrl(input)).toBe('jdbc:TAOS-RS://console.example.com:443?useSSL=true&token=tok%2Fen%2B1');
    expect(jdbcUrl({ gatewayUrl: 'http://127.0.0.1:8080/gw/x', token: 't' })).toBe('jdbc:TAOS-RS://127.0.0.1:8080?useSSL=false&token=t');
    expect(buildSnippet('java', input)).toContain('        String jdbcUrl = "jdbc:TAOS-RS://console.example.com:443?useSSL=true&token=tok%2Fen%2B1";\n');
  });

  it('InfluxDB line protocol: creates the database, then writes a line to /influxdb/v1/write?db=', () => {
    expect(buildSnippet('influxdb', input)).toBe(
      [
        'curl -L -d "CREATE DATABASE IF NOT EXISTS power" "https://console.example.com/gw/abc-123/rest/sql?token=tok%2Fen%2B1"',
        'curl -L -X POST "https://console.example.com/gw/abc-123/influxdb/v1/write?db=power&token=tok%2Fen%2B1" --data-binary "meters,location=office current=10.3,voltage=219i"',
      ].join('\n'),
    );
  });

  it('a trailing slash on the gateway URL does not double', () => {
    expect(sqlUrl({ gatewayUrl: 'http://h/gw/a/', token: 't' })).toBe('http://h/gw/a/rest/sql?token=t');
  });

  it('masks all but the first and last four characters', () => {
    expect(maskToken('abcdefghijklmnop')).toBe('abcd********mnop');
    expect(maskToken('short')).toBe('*****');
  });
});
