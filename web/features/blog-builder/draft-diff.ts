import { diffWords, type Change } from 'diff';
import type { BuilderDraft } from '../../../contracts/blog-builder.ts';
import { draftText } from './draft-text.ts';

// A word diff of two long, very different drafts can take long; past this it compares whole paragraphs.
const timeoutMs = 300;

/** The changes from draft `before` to draft `after`, word by word (paragraph by paragraph when too slow). */
export function compareDrafts(before: BuilderDraft, after: BuilderDraft): Change[] {
  const from = draftText(before);
  const to = draftText(after);
  return (
    diffWords(from, to, { timeout: timeoutMs }) ?? [
      { value: from, removed: true, added: false, count: 1 },
      { value: to, added: true, removed: false, count: 1 },
    ]
  );
}
