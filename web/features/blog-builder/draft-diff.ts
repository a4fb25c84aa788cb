import type { BuilderDraft } from '../../../contracts/blog-builder.ts';
import { compareTexts, type Change } from '../../components/text-diff/compare-texts.ts';
import { draftText } from './draft-text.ts';

/** The changes from draft `before` to draft `after`, word by word (line by line when that is too slow). */
export function compareDrafts(before: BuilderDraft, after: BuilderDraft): Change[] {
  return compareTexts(draftText(before), draftText(after), 'words').changes;
}
