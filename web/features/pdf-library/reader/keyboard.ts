/** What a key does in the reader. */
export type ReaderKeyAction = 'next-page' | 'previous-page' | 'first-page' | 'last-page' | 'find';

/** The parts of a keyboard event the reader reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The reader's keys. Ctrl+F (⌘F on a Mac) opens find from anywhere on the page, instead of the browser's own
 * find, which cannot see pages not drawn yet. With the focus on the pages, Page Up/Page Down and ←/→ turn a
 * page, Home and End go to the first and last page, and ↑/↓ and Space scroll as the browser does. Keys typed
 * into a field are the field's.
 */
export function readerKeyAction(
  press: KeyPress,
  focus: 'pages' | 'field' | 'elsewhere',
): ReaderKeyAction | null {
  const command = press.ctrlKey || press.metaKey;
  if (command && !press.altKey && !press.shiftKey && press.key.toLowerCase() === 'f') return 'find';
  if (focus !== 'pages' || command || press.altKey) return null;
  switch (press.key) {
    case 'PageDown':
    case 'ArrowRight':
      return 'next-page';
    case 'PageUp':
    case 'ArrowLeft':
      return 'previous-page';
    case 'Home':
      return 'first-page';
    case 'End':
      return 'last-page';
    default:
      return null;
  }
}

/** Whether keys typed at `target` belong to it: text fields, editable text and selects. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.matches('input, textarea, select');
}
