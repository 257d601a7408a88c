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
]);

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
 * The literal texts an expression in a visible place can evaluate to: through conditionals, ||, ??, && (right side),
 * + and template literals; not into calls (t('key'), String(x)) or names.
 */
function shownLiterals(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) {
    return [expression.head, ...expression.templateSpans.flatMap((span) => [...shownLiterals(span.expression), span.literal])];
  }
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isNonNullExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return shownLiterals(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) return [...shownLiterals(expression.whenTrue), ...shownLiterals(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const op = expression.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(expression.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      return [...shownLiterals(expression.left), ...shownLiterals(expression.right)];
    }
  }
  if (ts.isArrowFunction(expression) && !ts.isBlock(expression.body)) return shownLiterals(expression.body);
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) return node.text;
  return '';
}

function isMessageCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && MESSAGE_OBJECTS.has(callee.expression.text);
}

/** Every visible literal of one file that is neither a catalogue key (`isKey`) nor free of letters. */
export function visibleLiterals(file: ScannedFile, isKey: (text: string) => boolean): VisibleLiteral[] {
  const found: VisibleLiteral[] = [];
  const add = (node: ts.Node, raw: string, kind: VisibleKind) => {
    const text = tidy(raw);
    if (text === '' || !hasLetter(text) || isKey(text)) return;
    found.push({ at: where(file, node), path: file.path, text, kind });
  };
  const addShown = (expression: ts.Expression | undefined, kind: VisibleKind) => {
    if (expression) for (const literal of shownLiterals(expression)) add(literal, literalText(literal), kind);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) add(node, node.text, 'jsx-text');
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) addShown(node.expression, 'jsx-text');
    else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(propName(node.name) ?? '') && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) add(node.initializer, node.initializer.text, 'prop');
      else if (ts.isJsxExpression(node.initializer)) addShown(node.initializer.expression, 'prop');
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPS.has(propName(node.name) ?? '')) addShown(node.initializer, 'property');
    else if (ts.isCallExpression(node) && isMessageCall(node)) addShown(node.arguments[0], 'message');
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return found;
}
