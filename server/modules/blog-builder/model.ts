import type { BuilderDraft, BuilderOutline, BuilderParagraph } from '../../../contracts/blog-builder.ts';
import { builderOutlineSchema } from '../../../contracts/blog-builder.ts';
import { markdownWords } from '../../../contracts/card-text.ts';
import type { ChatMessage } from '../../lib/llm/client.ts';
import type { ComposerCard } from './composer.ts';

// The model path's pure parts: the prompts (sources numbered 1… in the session's order) and reading the
// answers back into the contract's shapes, with every citation checked against the sources given.

/** A source as a prompt lists it: its number in the session and the card. */
export type NumberedSource = { n: number; card: ComposerCard };

/** The session's cards numbered 1… in their order. */
export function numberSources(cards: ComposerCard[]): NumberedSource[] {
  return cards.map((card, index) => ({ n: index + 1, card }));
}

/** The sources as the prompt lists them: `[n] Title` and the card's words. */
export function listSources(sources: NumberedSource[]): string {
  return sources
    .map(
      ({ n, card }) =>
        `[${n}] ${card.title}${card.tags.length ? ` (tags: ${card.tags.join(', ')})` : ''}\n${markdownWords(card.body)}`,
    )
    .join('\n\n');
}

const citeRule =
  'End every sentence with the numbers of the sources it rests on, like [1] or [2][3], using only the numbers listed. Write only what the sources say; a sentence they do not support gets no number. Separate paragraphs with a blank line. No lists, no code, no headings.';

/** The outline prompt: a title and sections, each naming its sources, as JSON. */
export function outlinePrompt(sources: NumberedSource[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You plan a blog post made only from the numbered source cards given. Answer with JSON only, no prose: {"title": "…", "sections": [{"heading": "…", "sources": [1, 2]}]}. Order the sections so that ideas come after the ideas they build on; use each source in at most one section; at most 8 sections.',
    },
    { role: 'user', content: `Sources:\n\n${listSources(sources)}` },
  ];
}

/** The sources a section draws on, or all of them for a section that names none. */
export function sectionSources(sources: NumberedSource[], cardIds: string[]): NumberedSource[] {
  const picked = sources.filter((source) => cardIds.includes(source.card.id));
  return picked.length > 0 ? picked : sources;
}

/** The prompt for one section of the first draft. */
export function draftPrompt(
  outline: BuilderOutline,
  index: number,
  sources: NumberedSource[],
): ChatMessage[] {
  const section = outline.sections[index]!;
  return [
    {
      role: 'system',
      content: `You write one section of a blog post titled "${outline.title}" from the numbered source cards given. ${citeRule}`,
    },
    {
      role: 'user',
      content: `Sources:\n\n${listSources(sources)}\n\nWrite the section "${section.heading}" in one to three paragraphs.`,
    },
  ];
}

/** A section's paragraphs as the prompts show them: sentences with their markers. */
function paragraphsText(paragraphs: BuilderParagraph[], numbers: Map<string, number>): string {
  return paragraphs
    .map((paragraph) =>
      paragraph.sentences
        .map(
          (sentence) =>
            sentence.text +
            sentence.cardIds
              .map((id) => numbers.get(id))
              .filter((n) => n !== undefined)
              .map((n) => `[${n}]`)
              .join(''),
        )
        .join(' '),
    )
    .join('\n\n');
}

/** The prompt revising one section of the draft by the writer's instruction. */
export function revisePrompt(
  draft: BuilderDraft,
  index: number,
  instruction: string,
  sources: NumberedSource[],
  allSources: NumberedSource[],
): ChatMessage[] {
  const section = draft.sections[index]!;
  const numbers = new Map(allSources.map(({ n, card }) => [card.id, n]));
  return [
    {
      role: 'system',
      content: `You revise one section of a blog post titled "${draft.title}" as the writer asks, using only the numbered source cards given. ${citeRule} Answer with the revised section's paragraphs only.`,
    },
    {
      role: 'user',
      content: `Sources:\n\n${listSources(sources)}\n\nThe section "${section.heading}":\n\n${paragraphsText(section.paragraphs, numbers)}\n\nInstruction: ${instruction}`,
    },
  ];
}

/**
 * The model's outline: the first JSON object in its answer, its source numbers turned into card ids (numbers
 * not among the sources dropped, each card once), read by the contract; null when there is none to read.
 */
export function parseOutline(text: string, sources: NumberedSource[]): BuilderOutline | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as { title?: unknown; sections?: unknown };
  const byNumber = new Map(sources.map(({ n, card }) => [n, card.id]));
  const used = new Set<string>();
  const sections = (Array.isArray(raw.sections) ? raw.sections : []).map((section: unknown) => {
    const { heading, sources: numbers } = (section ?? {}) as { heading?: unknown; sources?: unknown };
    const cardIds = (Array.isArray(numbers) ? numbers : [])
      .map((n) => byNumber.get(Number(n)))
      .filter((id): id is string => id !== undefined && !used.has(id));
    for (const id of cardIds) used.add(id);
    return { heading: typeof heading === 'string' ? heading.trim().slice(0, 160) : '', cardIds };
  });
  const parsed = builderOutlineSchema.safeParse({
    title: typeof raw.title === 'string' ? raw.title.trim().slice(0, 160) : '',
    sections: sections.filter((section) => section.heading).slice(0, 20),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Paragraphs written by the model: blank lines part them, sentences end at `.`, `!` or `?` with their
 * `[n]` markers. A marker naming a number not among `given` is dropped; a sentence left with none cites no
 * card (the writer sees it highlighted). Headings, list marks and empty paragraphs are left out.
 */
export function parseParagraphs(text: string, given: NumberedSource[]): BuilderParagraph[] {
  const byNumber = new Map(given.map(({ n, card }) => [n, card.id]));
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s*#/.test(line))
        .map((line) => line.replace(/^\s*([-*+]|\d+[.)])\s+/, ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .map((block) => ({
      sentences: (block.match(/[^.!?]+(?:[.!?]+["')\]]*(?:\s*\[\d+\])*|$)/g) ?? [])
        .map((sentence) => {
          const cited = [...sentence.matchAll(/\[(\d+)\]/g)].map((match) => byNumber.get(Number(match[1])));
          const cardIds = [...new Set(cited.filter((id): id is string => id !== undefined))];
          return { text: sentence.replace(/\s*\[\d+\]/g, '').trim(), cardIds };
        })
        .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence.text)),
    }))
    .filter((paragraph) => paragraph.sentences.length > 0);
}

/** Tokens of a text, estimated as characters / 4 rounded up (the client reports no usage). */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Tokens of a prompt: its messages' characters / 4, rounded up. */
export function promptTokens(messages: ChatMessage[]): number {
  return estimateTextTokens(messages.map((message) => message.content).join('\n'));
}
