import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FunctionsIcon from '@mui/icons-material/Functions';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import TitleIcon from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import {
  insertLink,
  insertText,
  replaceText,
  toggleCode,
  toggleLinePrefix,
  toggleMath,
  toggleWrap,
} from './markdown-commands.ts';

/** What the builder can do to the editor from outside. */
export interface MarkdownEditorHandle {
  /** Inserts text at a position (default: over the selection). */
  insert(text: string, at?: number): void;
  /** Replaces the first occurrence of `search`; false when it has been edited away. */
  replace(search: string, replacement: string): boolean;
  /** Where the cursor is. */
  cursor(): number;
  focus(): void;
}

/** A card title offered after `[[`. */
export interface TitleOption {
  title: string;
  mine: boolean;
}

export interface MarkdownEditorProps {
  /** The text at mount; give the editor a new `key` to start again from other text. */
  initialValue: string;
  onChange: (value: string) => void;
  /** The accessible name of the text area. */
  label: string;
  /** Ids of the help and error texts that describe it. */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Shown while the text is empty. */
  placeholderText?: string;
  /** Titles for `[[` autocomplete; called after a short pause in typing. */
  suggestTitles: (query: string, signal: AbortSignal) => Promise<TitleOption[]>;
  /** Image files pasted or dropped at `position`; without it, pasted images are left to the browser. */
  onImageFiles?: (files: File[], position: number) => void;
  /** The toolbar's image button: choose a file. Without it the toolbar has no image button. */
  onPickImage?: () => void;
  ref?: Ref<MarkdownEditorHandle>;
}

/** The toolbar, in order; `keys` is the shortcut after Ctrl (Cmd on a Mac). */
const allTools: {
  label: string;
  keys?: string;
  Icon: typeof FormatBoldIcon;
  command: ((view: EditorView) => boolean) | 'image';
}[] = [
  { label: 'Bold', keys: 'B', Icon: FormatBoldIcon, command: (view) => toggleWrap(view, '**', 'bold text') },
  {
    label: 'Italic',
    keys: 'I',
    Icon: FormatItalicIcon,
    command: (view) => toggleWrap(view, '*', 'italic text'),
  },
  { label: 'Heading', Icon: TitleIcon, command: (view) => toggleLinePrefix(view, '## ') },
  { label: 'Bulleted list', Icon: FormatListBulletedIcon, command: (view) => toggleLinePrefix(view, '- ') },
  { label: 'Link', keys: 'K', Icon: LinkIcon, command: insertLink },
  { label: 'Code', Icon: CodeIcon, command: toggleCode },
  { label: 'Math', Icon: FunctionsIcon, command: toggleMath },
  { label: 'Image', Icon: ImageIcon, command: 'image' },
];

/** A shortcut as people on this computer press it: ⌘B on a Mac, Ctrl+B elsewhere. */
function shortcut(key: string): string {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return mac ? `⌘${key}` : `Ctrl+${key}`;
}

/** Pause after the last key before titles are asked for, so typing a title sends one request, not ten. */
const suggestDelayMs = 200;

function wikiLinkCompletions(suggest: MarkdownEditorProps['suggestTitles']) {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const match = context.matchBefore(/\[\[[^[\]|\n]*$/);
    if (!match) return null;
    const query = match.text.slice(2);
    await new Promise((resolve) => setTimeout(resolve, suggestDelayMs));
    if (context.aborted) return null;
    const controller = new AbortController();
    context.addEventListener('abort', () => controller.abort());
    let options: TitleOption[];
    try {
      options = await suggest(query.trim(), controller.signal);
    } catch {
      return null;
    }
    if (context.aborted) return null;
    return {
      from: match.from + 2,
      // The server matched the titles already; the editor shows them as they come.
      filter: false,
      options: options.map((option): Completion => ({
        label: option.title,
        ...(option.mine ? { detail: 'your card' } : {}),
        type: 'text',
        apply: (view, _completion, from, to) => {
          // Closing brackets already typed are reused, not doubled.
          const end = view.state.sliceDoc(to, to + 2) === ']]' ? to + 2 : to;
          const insert = `${option.title}]]`;
          view.dispatch({
            changes: { from, to: end, insert },
            selection: { anchor: from + insert.length },
            userEvent: 'input.complete',
          });
        },
      })),
    };
  };
}

/** Colours from the MUI theme, so the editor follows light and dark mode like the rest of the page. */
function editorTheme(theme: Theme): Extension {
  const { palette } = theme;
  const dark = palette.mode === 'dark';
  const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
  const look = EditorView.theme(
    {
      '&': {
        color: palette.text.primary,
        backgroundColor: palette.background.paper,
        fontSize: '0.95rem',
        minHeight: '320px',
      },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: monospace, lineHeight: 1.6, minHeight: '320px', maxHeight: '70vh' },
      '.cm-content': { padding: '12px 4px', caretColor: palette.text.primary },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: palette.text.primary },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
        { backgroundColor: alpha(palette.primary.main, dark ? 0.4 : 0.25) },
      '.cm-selectionMatch': { backgroundColor: alpha(palette.secondary.main, 0.2) },
      '.cm-placeholder': { color: palette.text.secondary },
      '.cm-tooltip': {
        backgroundColor: palette.background.paper,
        color: palette.text.primary,
        border: `1px solid ${palette.divider}`,
        borderRadius: `${theme.shape.borderRadius}px`,
      },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
        backgroundColor: palette.primary.main,
        color: palette.primary.contrastText,
      },
      '.cm-completionDetail': { fontStyle: 'normal', opacity: 0.8, marginLeft: '8px' },
      '.cm-panels': { backgroundColor: palette.background.default, color: palette.text.primary },
      '.cm-panels input, .cm-panels button': { color: 'inherit' },
    },
    { dark },
  );
  const colours = HighlightStyle.define([
    { tag: tags.heading, fontWeight: '700', color: palette.text.primary },
    { tag: tags.strong, fontWeight: '700' },
    { tag: tags.emphasis, fontStyle: 'italic' },
    { tag: tags.strikethrough, textDecoration: 'line-through' },
    { tag: [tags.link, tags.url], color: dark ? palette.primary.light : palette.primary.dark },
    { tag: tags.monospace, color: dark ? '#ffb86c' : '#9a3412' },
    { tag: tags.quote, color: palette.text.secondary },
    { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: palette.text.secondary },
  ]);
  return [look, syntaxHighlighting(colours)];
}

function contentAttributes(props: Pick<MarkdownEditorProps, 'label' | 'describedBy' | 'invalid'>) {
  return EditorView.contentAttributes.of({
    'aria-label': props.label,
    // Editable text is focusable already; saying so lets checkers (axe's scrollable-region-focusable) see that
    // a long text's scrolling box is reachable by keyboard. It adds no tab stop.
    tabindex: '0',
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
  });
}

function imageFilesOf(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

/**
 * The card's Markdown editor: CodeMirror 6 with Markdown highlighting, undo history, search (Ctrl/Cmd+F),
 * `[[` title completion, a formatting toolbar with the shortcuts Ctrl/Cmd+B, I and K, and images by paste
 * or drop. Tab is left to the browser, so the keyboard can always leave the editor. Its own chunk: pages
 * that never open an editor never load CodeMirror. Shared by the card builder and the course editor.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { initialValue, label, describedBy, invalid, ref, onPickImage } = props;
  // The image button only where images can be added.
  const tools = onPickImage ? allTools : allTools.filter((tool) => tool.command !== 'image');
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({ theme: new Compartment(), attributes: new Compartment() });
  // Callbacks change on every render of the builder; the editor reads the latest through this ref.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const created = new EditorView({
      parent,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          history(),
          // The language alone, not `markdown()`: that one nests HTML, CSS and JavaScript parsers, which
          // would triple this chunk for HTML blocks cards rarely hold.
          new LanguageSupport(markdownLanguage),
          EditorView.lineWrapping,
          highlightSelectionMatches(),
          placeholder(props.placeholderText ?? 'Write the card in Markdown. Type [[ to link another card.'),
          autocompletion({
            override: [wikiLinkCompletions((query, signal) => latest.current.suggestTitles(query, signal))],
          }),
          Prec.high(
            keymap.of([
              { key: 'Mod-b', run: (target) => toggleWrap(target, '**', 'bold text') },
              { key: 'Mod-i', run: (target) => toggleWrap(target, '*', 'italic text') },
              { key: 'Mod-k', run: insertLink },
            ]),
          ),
          keymap.of([
            ...completionKeymap,
            // Enter continues a list or a quote; Backspace takes its marker away.
            ...markdownKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...searchKeymap,
          ]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event, target) {
              const files = imageFilesOf(event.clipboardData?.files);
              const onImageFiles = latest.current.onImageFiles;
              if (files.length === 0 || !onImageFiles) return false;
              event.preventDefault();
              onImageFiles(files, target.state.selection.main.head);
              return true;
            },
            drop(event, target) {
              const files = imageFilesOf(event.dataTransfer?.files);
              const onImageFiles = latest.current.onImageFiles;
              if (files.length === 0 || !onImageFiles) return false;
              event.preventDefault();
              const at = target.posAtCoords({ x: event.clientX, y: event.clientY });
              onImageFiles(files, at ?? target.state.selection.main.head);
              return true;
            },
          }),
          compartments.current.theme.of(editorTheme(theme)),
          compartments.current.attributes.of(contentAttributes({ label, describedBy, invalid })),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The editor is made once per mount; later text comes from typing, theme and labels are reconfigured.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.theme.reconfigure(editorTheme(theme)) });
  }, [theme]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.attributes.reconfigure(
        contentAttributes({ label, describedBy, invalid }),
      ),
    });
  }, [label, describedBy, invalid]);

  useImperativeHandle(
    ref,
    () => ({
      insert: (text, at) => {
        if (view.current) insertText(view.current, text, at);
      },
      replace: (search, replacement) =>
        view.current ? replaceText(view.current, search, replacement) : false,
      cursor: () => view.current?.state.selection.main.head ?? 0,
      focus: () => view.current?.focus(),
    }),
    [],
  );

  // One stop in the tab order for the whole toolbar; the arrow keys move along it (the ARIA toolbar pattern).
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const moveFocus = (index: number) => {
    const next = (index + tools.length) % tools.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '&:focus-within': {
          outline: 2,
          outlineColor: 'primary.main',
          outlineStyle: 'solid',
          outlineOffset: -1,
        },
      }}
    >
      <Box
        role="toolbar"
        aria-label="Formatting"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.25,
          px: 0.5,
          py: 0.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {tools.map((tool, index) => {
          const name = tool.keys ? `${tool.label} (${shortcut(tool.keys)})` : tool.label;
          return (
            <Tooltip key={tool.label} title={name}>
              <IconButton
                ref={(button) => {
                  buttons.current[index] = button;
                }}
                size="small"
                aria-label={name}
                tabIndex={index === active ? 0 : -1}
                // The editor keeps its selection: the button acts on it, and the command hands focus back.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setActive(index)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight') moveFocus(index + 1);
                  else if (event.key === 'ArrowLeft') moveFocus(index - 1);
                  else if (event.key === 'Home') moveFocus(0);
                  else if (event.key === 'End') moveFocus(tools.length - 1);
                  else return;
                  event.preventDefault();
                }}
                onClick={() => {
                  const target = view.current;
                  if (tool.command === 'image') latest.current.onPickImage?.();
                  else if (target) tool.command(target);
                }}
              >
                <tool.Icon />
              </IconButton>
            </Tooltip>
          );
        })}
      </Box>
      <div ref={host} />
    </Box>
  );
}
