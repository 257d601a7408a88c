import { useEffect, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { LanguageSupport, bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder as placeholderText, highlightActiveLine } from '@codemirror/view';
import { tdengineDialect } from './completion';

/**
 * The console's editor: CodeMirror 6 with the TDengine dialect (keywords and functions from contracts' sql-words),
 * catalog completion, and Ctrl/Cmd+Enter to run. Controlled loosely: `value` replaces the text only when it differs
 * from what the editor holds (history, favorites and the builder put text in).
 */
export interface SqlEditorProps {
  value: string;
  onChange: (text: string) => void;
  onRun: () => void;
  completion: CompletionSource;
  placeholder: string;
  ariaLabel: string;
}

export function SqlEditor({ value, onChange, onRun, completion, placeholder, ariaLabel }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's extensions without re-creating the editor.
  const latest = useRef({ onChange, onRun, completion });
  latest.current = { onChange, onRun, completion };

  useEffect(() => {
    const runKey = Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: () => {
            latest.current.onRun();
            return true;
          },
        },
      ]),
    );
    const state = EditorState.create({
      doc: value,
      extensions: [
        runKey,
        lineNumbers(),
        history(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        // The dialect's language for highlighting; completion is ours alone (words + catalog), not lang-sql's.
        new LanguageSupport(tdengineDialect.language, tdengineDialect.language.data.of({ autocomplete: (ctx: Parameters<CompletionSource>[0]) => latest.current.completion(ctx) })),
        autocompletion({ activateOnTyping: true }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
        placeholderText(placeholder),
        EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current.onChange(update.state.doc.toString());
        }),
        EditorView.theme({ '&': { minHeight: '160px', border: '1px solid rgba(5,5,5,0.15)', borderRadius: '6px' }, '.cm-scroller': { fontFamily: 'monospace', minHeight: '160px' } }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
    // The editor is created once; later props flow through `latest` and the effect below.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} data-testid="sql-editor" />;
}
