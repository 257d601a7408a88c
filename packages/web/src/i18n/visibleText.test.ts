import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { enCatalogue } from './keys';
import { UNSCANNED_FOLDERS, VISIBLE_IN_SOURCE } from './allowList';
import { parseSource, webSources, where, type ScannedFile } from './scan/sources';
import { visibleLiterals } from './scan/visibleText';

const keys = Object.keys(enCatalogue);
/** A catalogue key, or the fixed start of a key completed at run time (`explorer.filter.${problem}`). */
const isKey = (text: string) => text in enCatalogue || (/^[\w.]+\.$/.test(text) && keys.some((k) => k.startsWith(text)));

// .ts files too: column and menu definitions, chart texts and messages are built outside JSX as well.
const scanned = webSources(['.tsx', '.ts']).filter((f) => !UNSCANNED_FOLDERS.some((folder) => f.path.startsWith(folder.text)));
const fixture = (text: string): ScannedFile => ({ path: 'fixture.tsx', source: parseSource('fixture.tsx', text) });

/** The literal first arguments of t(…) and i18n.t(…): keys that must be in the catalogue. */
function literalKeys(file: ScannedFile): Array<{ at: string; key: string }> {
  const found: Array<{ at: string; key: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isT = (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && ts.isIdentifier(callee.expression) && callee.expression.text === 'i18n');
      const first = node.arguments[0];
      if (isT && first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) found.push({ at: where(file, first), key: first.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return found;
}

describe('visible texts come from the catalogue', () => {
  it('finds JSX text, visible props, column titles, menu labels, toasts, and the constants and local functions they name, written in the source', () => {
    const found = visibleLiterals(
      fixture(`
        const columns = [{ key: 'name', title: 'Name' }, { key: 'db', title: t('topics.col.db') }];
        const EMPTY = 'Nothing yet';
        const KIND_LABEL = { database: 'Whole database', query: 'topics.kind.query' } as const;
        function stateOf(ok: boolean) { if (ok) return 'All good'; return t('common.no'); }
        const hint = (n: number) => (n > 1 ? 'topics.kind.query' : 'Only one');
        export function Screen({ ok }: { ok: boolean }) {
          notifier.success('Saved');
          return (
            <Card title="Streams" extra={ok ? 'Yes' : t('common.no')} data-testid="streams-card">
              Trigger &nbsp;
              <Button aria-label={\`toggle \${name}\`} placeholder={'common.ok'}>{ok && 'Run'}</Button>
              <Select options={[{ value: 'a', label: 'At once' }]} />
              <Badge status="success" text="Running" />
              <span>{t('streams.title')}: {count} · 42 &gt;</span>
              <Empty description={EMPTY} /><Tag>{KIND_LABEL[kind]}</Tag><i>{user.name}</i>
              <Alert title={stateOf(ok)} message={hint(2)} description={format(ok)} />
              <Spin tip="Loading" /><Typography.Text copyable={{ tooltips: ['Copy', t('common.ok')] }} />
            </Card>
          );
        }`),
      (text) => text in enCatalogue,
    );
    expect(found.map((v) => [v.text, v.kind])).toEqual([
      ['Name', 'property'],
      ['Saved', 'message'],
      ['Streams', 'prop'],
      ['Yes', 'prop'],
      ['Trigger &nbsp;', 'jsx-text'],
      ['toggle', 'prop'],
      ['Run', 'jsx-text'],
      ['At once', 'property'],
      ['Running', 'prop'],
      ['Nothing yet', 'prop'],
      ['Whole database', 'jsx-text'],
      ['All good', 'prop'],
      ['Only one', 'prop'],
      ['Loading', 'prop'],
      ['Copy', 'property'],
    ]);
    expect(found[0].at).toBe('fixture.tsx:2');
  });

  it('no file of web/src shows a text that is not from the catalogue (or listed)', () => {
    const found = scanned.flatMap((file) => visibleLiterals(file, isKey));
    const allowed = new Set(VISIBLE_IN_SOURCE.map((a) => a.text));
    expect(found.filter((v) => !allowed.has(v.text)).map((v) => `${v.at} ${v.kind}: ${v.text}`)).toEqual([]);
    // An allowed text nothing shows any more leaves the list.
    expect(VISIBLE_IN_SOURCE.filter((a) => !found.some((v) => v.text === a.text)).map((a) => a.text)).toEqual([]);
  });

  it('every literal key given to t() is in the catalogue', () => {
    const missing = scanned.flatMap(literalKeys).filter((k) => !(k.key in enCatalogue));
    expect(missing.map((k) => `${k.at} ${k.key}`)).toEqual([]);
  });
});
