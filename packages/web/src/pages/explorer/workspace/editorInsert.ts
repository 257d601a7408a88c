import { EditorView } from '@codemirror/view';

/** The SQL editor inside a tab's pane (CodeMirror's view of its content element), if the pane holds one. */
export function editorIn(pane: HTMLElement | undefined): EditorView | null {
  const content = pane?.querySelector<HTMLElement>('.cm-content');
  return content ? EditorView.findFromDOM(content) : null;
}

/** Puts `text` at the editor's cursor (replacing a selection), the cursor after it, and gives the editor focus. */
export function insertAtCursor(view: EditorView, text: string): void {
  view.dispatch(view.state.replaceSelection(text));
  view.focus();
}
