import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import {
  insertLink,
  replaceText,
  toggleCode,
  toggleLinePrefix,
  toggleMath,
  toggleWrap,
} from './markdown-commands.ts';

const views: EditorView[] = [];

/** An editor holding `doc`, with the selection from `anchor` to `head`. */
function editor(doc: string, anchor: number, head = anchor): EditorView {
  const view = new EditorView({
    parent: document.body,
    state: EditorState.create({ doc, selection: EditorSelection.single(anchor, head) }),
  });
  views.push(view);
  return view;
}

function selected(view: EditorView): string {
  const { from, to } = view.state.selection.main;
  return view.state.sliceDoc(from, to);
}

afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

describe('toolbar commands', () => {
  it('wraps the selection in bold, and takes bold away when applied again', () => {
    const view = editor('Recall beats rereading.', 7, 12);
    toggleWrap(view, '**', 'bold text');
    expect(view.state.doc.toString()).toBe('Recall **beats** rereading.');
    expect(selected(view)).toBe('beats');
    toggleWrap(view, '**', 'bold text');
    expect(view.state.doc.toString()).toBe('Recall beats rereading.');
    expect(selected(view)).toBe('beats');
  });

  it('inserts a placeholder to type over when nothing is selected', () => {
    const view = editor('A ', 2);
    toggleWrap(view, '*', 'italic text');
    expect(view.state.doc.toString()).toBe('A *italic text*');
    expect(selected(view)).toBe('italic text');
  });

  it('makes headings and list items of whole lines, replacing a heading mark already there', () => {
    const view = editor('# Old\nsecond', 2, 9);
    toggleLinePrefix(view, '## ');
    expect(view.state.doc.toString()).toBe('## Old\n## second');
    toggleLinePrefix(view, '## ');
    expect(view.state.doc.toString()).toBe('Old\nsecond');
    toggleLinePrefix(view, '- ');
    expect(view.state.doc.toString()).toBe('- Old\n- second');
  });

  it('makes a link of the selection with the address selected', () => {
    const view = editor('See the paper.', 8, 13);
    insertLink(view);
    expect(view.state.doc.toString()).toBe('See the [paper](https://).');
    expect(selected(view)).toBe('https://');
  });

  it('uses inline code and math on one line, and blocks across lines', () => {
    const inline = editor('x = 1', 0, 5);
    toggleCode(inline);
    expect(inline.state.doc.toString()).toBe('`x = 1`');
    const block = editor('a = 1\nb = 2', 0, 11);
    toggleCode(block);
    expect(block.state.doc.toString()).toBe('```\na = 1\nb = 2\n```');
    const math = editor('E = mc^2', 0, 8);
    toggleMath(math);
    expect(math.state.doc.toString()).toBe('$E = mc^2$');
    const display = editor('a\n= b', 0, 5);
    toggleMath(display);
    expect(display.state.doc.toString()).toBe('$$\na\n= b\n$$');
  });

  it('replaces an upload placeholder, wherever typing has moved it', () => {
    const view = editor('![Uploading a (1)…]()', 0);
    view.dispatch({ changes: { from: 0, insert: 'Text before. ' } });
    expect(replaceText(view, '![Uploading a (1)…]()', '![a](/api/files/x)')).toBe(true);
    expect(view.state.doc.toString()).toBe('Text before. ![a](/api/files/x)');
    expect(replaceText(view, '![Uploading a (1)…]()', '')).toBe(false);
  });
});
