import ts from 'typescript';
import { where, type ScannedFile } from './sources';

/**
 * Texts a user reads that are written into a screen's source instead of coming from the catalogue: JSX text with a
 * letter, and string literals with a letter given to a visible prop (JSX attribute or object property such as a
 * table column's title or a menu item's label) or to a message toast. A literal that is a catalogue key is fine
 * (it is translated where it is shown). Syntax only: a text held in a variable elsewhere is not followed.
 */

/** Props and object properties whose value is shown (DOM and antd names). */
export const VISIBLE_PROPS: ReadonlySet<string> = new Set([
  'title',
  'placeholder',
  'label',
  'aria-label',
  'alt',
  'tooltip',
  'message',
  'description',
  'content',
  'extra',
  'help',
  'okText',
  'cancelText',
  'emptyText',
  'subTitle',
  'addonBefore',
  'addonAfter',
  'prefix',
  'suffix',
  'checkedChildren',
  'unCheckedChildren',
  'tip',
  'tooltips',
  'enterButton',
  'notFoundContent',
  'header',
  'footer',
  'caption',
]);

/** Shown as JSX attributes only: as object properties these names mostly hold data (`{ text: position.text }`). */
const JSX_ONLY_VISIBLE_PROPS: ReadonlySet<string> = new Set(['text', 'children']);

/** Objects whose methods show their first argument: notifier.success('…'), message.error('…'). */
const MESSAGE_OBJECTS: ReadonlySet<string> = new Set(['notifier', 'message']);

export type VisibleKind = 'jsx-text' | 'prop' | 'property' | 'message';

export interface VisibleLiteral {
  /** "path:line". */
  at: string;
  path: string;
  /** The literal text, trimmed, runs of white space as one space. */
  text: string;
  kind: VisibleKind;
}

const ENTITY = /&(#\d+|#x[\da-f]+|[a-z]+);/gi;
const hasLetter = (text: string) => /\p{L}/u.test(text.replace(ENTITY, ''));
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

function propName(name: ts.PropertyName | ts.JsxAttributeName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

/**
 * What a file's own names stand for, to follow a visible name to its literal: `const` values (`const LABEL = 'Run'`)
 * and what local functions return (`function labelOf(k) { return 'Run'; }`, `const labelOf = (k) => …`).
 */
interface FileValues {
  constants: ReadonlyMap<string, ts.Expression>;
  returns: ReadonlyMap<string, readonly ts.Expression[]>;
}

/** The expressions a function body returns (not those of functions nested in it). */
function returnedBy(body: ts.ConciseBody): ts.Expression[] {
  if (!ts.isBlock(body)) return [body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

function fileValuesOf(source: ts.SourceFile): FileValues {
  const constants = new Map<string, ts.Expression>();
  const returns = new Map<string, ts.Expression[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      for (const d of node.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        constants.set(d.name.text, d.initializer);
        const value = unwrap(d.initializer);
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) returns.set(d.name.text, returnedBy(value.body));
      }
    } else if (ts.isFunctionDeclaration(node) && node.name && node.body) returns.set(node.name.text, returnedBy(node.body));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { constants, returns };
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) ? unwrap(e.expression) : e;

/**
 * The literal texts an expression in a visible place can evaluate to: through conditionals, ||, ??, && (right side),
 * + and template literals, into the file's constants (a name, `LABELS[kind]`, `LABELS.run`) and what its own
 * functions return (`labelOf(kind)`); not into other calls (t('key'), String(x)), parameters or imports.
 */
function shownLiterals(expression: ts.Expression, values: FileValues, depth = 0): ts.Node[] {
  if (depth > 4) return [];
  const next = (e: ts.Expression) => shownLiterals(e, values, depth + 1);
  const { constants, returns } = values;
  const e = unwrap(expression);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e];
  if (ts.isTemplateExpression(e)) return [e.head, ...e.templateSpans.flatMap((span) => [...next(span.expression), span.literal])];
  if (ts.isConditionalExpression(e)) return [...next(e.whenTrue), ...next(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return next(e.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) return [...next(e.left), ...next(e.right)];
  }
  if (ts.isArrowFunction(e) && !ts.isBlock(e.body)) return next(e.body);
  if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((el) => (ts.isSpreadElement(el) ? [] : next(el)));
  if (ts.isIdentifier(e)) {
    const value = constants.get(e.text);
    return value ? next(value) : [];
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) return (returns.get(e.expression.text) ?? []).flatMap(next);
  // LABELS[kind] or LABELS.run of a constant object or array: every value it holds, or the one named.
  if ((ts.isElementAccessExpression(e) || ts.isPropertyAccessExpression(e)) && ts.isIdentifier(e.expression)) {
    const holder = constants.get(e.expression.text);
    const table = holder && unwrap(holder);
    if (table && ts.isObjectLiteralExpression(table)) {
      const name = ts.isPropertyAccessExpression(e) ? e.name.text : null;
      return table.properties.flatMap((p) => (ts.isPropertyAssignment(p) && (name === null || propName(p.name) === name) ? next(p.initializer) : []));
    }
    if (table && ts.isArrayLiteralExpression(table) && ts.isElementAccessExpression(e)) return table.elements.flatMap((el) => (ts.isSpreadElement(el) ? [] : next(el)));
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) return node.text;
  return '';
}

const isVisibleAttribute = (name: string) => VISIBLE_PROPS.has(name) || JSX_ONLY_VISIBLE_PROPS.has(name);

function isMessageCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && MESSAGE_OBJECTS.has(callee.expression.text);
}

/** Every visible literal of one file that is neither a catalogue key (`isKey`) nor free of letters. */
export function visibleLiterals(file: ScannedFile, isKey: (text: string) => boolean): VisibleLiteral[] {
  const found: VisibleLiteral[] = [];
  const values = fileValuesOf(file.source);
  const add = (node: ts.Node, raw: string, kind: VisibleKind) => {
    const text = tidy(raw);
    if (text === '' || !hasLetter(text) || isKey(text)) return;
    found.push({ at: where(file, node), path: file.path, text, kind });
  };
  const addShown = (expression: ts.Expression | undefined, kind: VisibleKind) => {
    if (expression) for (const literal of shownLiterals(expression, values)) add(literal, literalText(literal), kind);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) add(node, node.text, 'jsx-text');
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) addShown(node.expression, 'jsx-text');
    else if (ts.isJsxAttribute(node) && isVisibleAttribute(propName(node.name) ?? '') && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) add(node.initializer, node.initializer.text, 'prop');
      else if (ts.isJsxExpression(node.initializer)) addShown(node.initializer.expression, 'prop');
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPS.has(propName(node.name) ?? '')) addShown(node.initializer, 'property');
    else if (ts.isCallExpression(node) && isMessageCall(node)) addShown(node.arguments[0], 'message');
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return found;
}
