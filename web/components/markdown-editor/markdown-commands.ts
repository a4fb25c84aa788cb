import { EditorSelection } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/**
 * The toolbar's and the shortcuts' Markdown edits, on the editor's selection. Each one works on every
 * selection range, is one undo step, and leaves the part to type next selected (the placeholder, or the
 * link's address). Applied to text that already has the mark, bold, italic, code and math take it away.
 */

/** Wraps each range in `mark` … `mark` (or, when `closing` is given, `mark` … `closing`), or unwraps it. */
export function toggleWrap(view: EditorView, mark: string, placeholder: string, closing = mark): boolean {
  const { state } = view;
  const transaction = state.changeByRange((range) => {
    const before = state.sliceDoc(range.from - mark.length, range.from);
    const after = state.sliceDoc(range.to, range.to + closing.length);
    if (!range.empty && before === mark && after === closing) {
      return {
        changes: [
          { from: range.from - mark.length, to: range.from },
          { from: range.to, to: range.to + closing.length },
        ],
        range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
      };
    }
    const text = range.empty ? placeholder : state.sliceDoc(range.from, range.to);
    return {
      changes: { from: range.from, to: range.to, insert: `${mark}${text}${closing}` },
      range: EditorSelection.range(range.from + mark.length, range.from + mark.length + text.length),
    };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }));
  view.focus();
  return true;
}

/** Starts every line of each range with `prefix` (a heading, a list item), or takes it away if all have it. */
export function toggleLinePrefix(view: EditorView, prefix: string): boolean {
  const { state } = view;
  const transaction = state.changeByRange((range) => {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    const lines = Array.from({ length: last - first + 1 }, (_, index) => state.doc.line(first + index));
    const all = lines.every((line) => line.text.startsWith(prefix));
    const changes = lines.map((line) =>
      all
        ? { from: line.from, to: line.from + prefix.length }
        : // A heading replaces a heading mark already there rather than stacking on it.
          { from: line.from, to: line.from + (/^#{1,6} /.exec(line.text)?.[0].length ?? 0), insert: prefix },
    );
    const set = state.changes(changes);
    return { changes: set, range: EditorSelection.range(set.mapPos(range.from, 1), set.mapPos(range.to, 1)) };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }));
  view.focus();
  return true;
}

/** `[text](address)` around each range, with the address selected to type over. */
export function insertLink(view: EditorView): boolean {
  const { state } = view;
  const transaction = state.changeByRange((range) => {
    const text = range.empty ? 'link text' : state.sliceDoc(range.from, range.to);
    const address = 'https://';
    const insert = `[${text}](${address})`;
    const start = range.from + text.length + 3;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.range(start, start + address.length),
    };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }));
  view.focus();
  return true;
}

/** Inline code, or a fenced block when the selection spans lines. */
export function toggleCode(view: EditorView): boolean {
  return spansLines(view) ? toggleWrap(view, '```\n', '', '\n```') : toggleWrap(view, '`', 'code');
}

/** Inline math, or a display block when the selection spans lines. */
export function toggleMath(view: EditorView): boolean {
  return spansLines(view) ? toggleWrap(view, '$$\n', '', '\n$$') : toggleWrap(view, '$', 'x^2');
}

function spansLines(view: EditorView): boolean {
  const { main } = view.state.selection;
  return view.state.doc.lineAt(main.from).number !== view.state.doc.lineAt(main.to).number;
}

/** Inserts `text` at `at` (default: over the selection), leaving the cursor after it. */
export function insertText(view: EditorView, text: string, at?: number): void {
  const { main } = view.state.selection;
  const from = at ?? main.from;
  const to = at ?? main.to;
  view.dispatch({
    changes: { from, to, insert: text },
    selection: { anchor: from + text.length },
    scrollIntoView: true,
    userEvent: 'input',
  });
}

/** Replaces the first `search` in the text with `replacement`; false when it is no longer there. */
export function replaceText(view: EditorView, search: string, replacement: string): boolean {
  const from = view.state.doc.toString().indexOf(search);
  if (from < 0) return false;
  view.dispatch({ changes: { from, to: from + search.length, insert: replacement }, userEvent: 'input' });
  return true;
}
