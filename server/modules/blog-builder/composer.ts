import type { BuilderDraft, BuilderOutline, BuilderParagraph } from '../../../contracts/blog-builder.ts';
import { markdownWords, parseWikiLinks } from '../../../contracts/card-text.ts';

// The deterministic composer: the blog builder's writer when no language model is there (or the person asks
// for it). It arranges the cards' own sentences and never invents a word, so every sentence is sourced. It
// reads no clock and no random numbers, and every sort is total, so the same cards give the same bytes.
//
// Text: a card's body is read through `markdownWords`, so fenced code and display math are left out (their
// words are not sentences) and inline Markdown is reduced to its words.

/** A source card as the composer reads it; `links` are ids of the cards it links to (card_links). */
export type ComposerCard = { id: string; title: string; body: string; tags: string[]; links: string[] };

/** Sentences a card gives its paragraph in the first draft; "longer" adds more from the rest. */
export const FIRST_DRAFT_SENTENCES = 6;
/** Sentences "longer" adds to each paragraph. */
const LONGER_SENTENCES = 3;
/** Sections of an outline, at most (the contract's limit). */
const MAX_SECTIONS = 20;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Title then id: the composer's one tie-break, total because ids are unique. */
const byTitleThenId = (a: ComposerCard, b: ComposerCard) => byText(a.title, b.title) || byText(a.id, b.id);

/**
 * Plain text as sentences: a break after `.`, `!` or `?` (and any closing quote or bracket) before white space
 * and an upper-case letter, digit or opening quote. Abbreviations such as "e.g." followed by lower case stay.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?]["')\]]?)\s+(?=[\p{Lu}\p{N}"'([])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** A card's body as sentences (code fences and display math left out). */
export function cardSentences(card: ComposerCard): string[] {
  return splitSentences(markdownWords(card.body));
}

/** The links between the given cards: `links` and `[[Title]]` links whose title names another given card. */
function linksAmong(cards: ComposerCard[]): Map<string, Set<string>> {
  const ids = new Set(cards.map((card) => card.id));
  // Several cards may share a title: the link names the first by title then id.
  const byTitle = new Map<string, string>();
  for (const card of [...cards].sort(byTitleThenId)) {
    const key = card.title.trim().toLowerCase();
    if (!byTitle.has(key)) byTitle.set(key, card.id);
  }
  const links = new Map<string, Set<string>>();
  for (const card of cards) {
    const targets = new Set(card.links.filter((id) => ids.has(id) && id !== card.id));
    for (const link of parseWikiLinks(card.body)) {
      const target = byTitle.get(link.title.toLowerCase());
      if (target && target !== card.id) targets.add(target);
    }
    links.set(card.id, targets);
  }
  return links;
}

/**
 * The cards in reading order: a card after the cards it links to (a topological order), ties broken by title
 * then id. A cycle is broken at its first card by title then id.
 */
export function readingOrder(cards: ComposerCard[]): ComposerCard[] {
  const links = linksAmong(cards);
  const waiting = new Map(cards.map((card) => [card.id, links.get(card.id)!.size]));
  const readers = new Map<string, string[]>(cards.map((card) => [card.id, []]));
  for (const [source, targets] of links) for (const target of targets) readers.get(target)!.push(source);
  const remaining = [...cards].sort(byTitleThenId);
  const order: ComposerCard[] = [];
  const done = new Set<string>();
  while (remaining.length > 0) {
    // The first remaining card (by title then id) whose links are all placed; in a cycle, the first remaining.
    let at = remaining.findIndex((card) => waiting.get(card.id) === 0);
    if (at === -1) at = 0;
    const [card] = remaining.splice(at, 1) as [ComposerCard];
    order.push(card);
    done.add(card.id);
    for (const reader of readers.get(card.id)!)
      if (!done.has(reader)) waiting.set(reader, waiting.get(reader)! - 1);
  }
  return order;
}

/** A tag as a heading: words separated by dashes become words, the first letter upper case. */
export function tagHeading(tag: string): string {
  const words = tag.replace(/[-_/]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each card's topic: of its tags, the one most cards share (ties by name), though a tag on more than half the
 * cards says little about how they differ and is used only when a card shares no narrower tag. A card
 * sharing no tag with another is its own topic.
 */
function topics(cards: ComposerCard[]): Map<string, string | null> {
  const counts = new Map<string, number>();
  for (const card of cards)
    for (const tag of new Set(card.tags.map((t) => t.toLowerCase())))
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const broadest = Math.max(2, Math.ceil(cards.length / 2));
  const topicOf = new Map<string, string | null>();
  for (const card of cards) {
    const shared = [...new Set(card.tags.map((t) => t.toLowerCase()))]
      .filter((tag) => counts.get(tag)! >= 2)
      .sort((a, b) => counts.get(b)! - counts.get(a)! || byText(a, b));
    const telling = shared.filter((tag) => counts.get(tag)! <= broadest);
    topicOf.set(card.id, telling[0] ?? shared[0] ?? null);
  }
  return topicOf;
}

/** The title of a post of these section headings: the one, two joined by "and", or the first three. */
function postTitle(headings: string[]): string {
  const named = headings.slice(0, 3);
  const title = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
  return title.length > 160 ? `${title.slice(0, 159).trimEnd()}…` : title;
}

/**
 * The outline: cards grouped by topic (their most shared tag; a card of its own topic is a section headed by
 * its title), sections in the reading order of their first card, cards in reading order within them. More
 * sections than the contract allows: the last ones are joined into the last allowed.
 */
export function composeOutline(cards: ComposerCard[]): BuilderOutline {
  const order = readingOrder(cards);
  const topicOf = topics(cards);
  const sections: { heading: string; cardIds: string[] }[] = [];
  const byTopic = new Map<string, { heading: string; cardIds: string[] }>();
  for (const card of order) {
    const topic = topicOf.get(card.id) ?? null;
    const existing = topic === null ? undefined : byTopic.get(topic);
    if (existing) {
      existing.cardIds.push(card.id);
      continue;
    }
    const section = {
      heading: (topic === null ? card.title.trim() : tagHeading(topic)).slice(0, 160) || 'Untitled',
      cardIds: [card.id],
    };
    sections.push(section);
    if (topic !== null) byTopic.set(topic, section);
  }
  if (sections.length > MAX_SECTIONS) {
    const rest = sections.splice(MAX_SECTIONS - 1);
    sections.push({ heading: rest[0]!.heading, cardIds: rest.flatMap((section) => section.cardIds) });
  }
  if (sections.length === 0) sections.push({ heading: 'Untitled', cardIds: [] });
  return { title: postTitle(sections.map((section) => section.heading)), sections };
}

/** A paragraph of the given sentences of a card, each citing it. */
function paragraphOf(card: ComposerCard, sentences: string[]): BuilderParagraph {
  return { sentences: sentences.map((text) => ({ text, cardIds: [card.id] })) };
}

/**
 * The first draft of an outline: per section, a paragraph per card of its first FIRST_DRAFT_SENTENCES
 * sentences, each citing that card. Card ids not among `cards` are skipped; a card with no sentences (only
 * code, say) gives none.
 */
export function composeDraft(outline: BuilderOutline, cards: ComposerCard[]): BuilderDraft {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return {
    title: outline.title,
    sections: outline.sections.map((section) => ({
      heading: section.heading,
      paragraphs: section.cardIds.flatMap((id) => {
        const card = byId.get(id);
        if (!card) return [];
        const sentences = cardSentences(card).slice(0, FIRST_DRAFT_SENTENCES);
        return sentences.length > 0 ? [paragraphOf(card, sentences)] : [];
      }),
    })),
  };
}

/** The revisions the composer can make. */
export type ComposerInstruction = 'shorter' | 'longer' | 'example' | 'beginners';

/** Which of the composer's revisions an instruction asks for, or null when it asks for something else. */
export function instructionKind(instruction: string): ComposerInstruction | null {
  const text = instruction.toLowerCase();
  if (/\b(shorter|shorten|concise|trim|cut|brief)/.test(text)) return 'shorter';
  if (/\bexamples?\b/.test(text)) return 'example';
  if (/\b(beginners?|newcomers?|novices?|simpler|simplify|new to)\b/.test(text)) return 'beginners';
  if (/\b(longer|lengthen|expand|more detail|elaborate)/.test(text)) return 'longer';
  return null;
}

/** What the composer says when it cannot follow an instruction. */
export const composerCannotFollow =
  'The composer can only make the draft shorter, longer, add an example or put definitions first for beginners; it left the draft as it was. A language model can follow other instructions.';

const definition = /\b(is an?|means|refers to|is called|is defined as)\b/i;
const example = /\b(for example|for instance|e\.g\.|such as|consider)\b/i;

/** A sentence's source card when it has exactly one (the composer's own sentences). */
const soleCard = (paragraph: BuilderParagraph) => {
  const ids = new Set(paragraph.sentences.flatMap((sentence) => sentence.cardIds));
  return ids.size === 1 ? [...ids][0]! : undefined;
};

/** One paragraph revised by kind; `used` holds the sentences already in the draft (not added again). */
function reviseParagraph(
  paragraph: BuilderParagraph,
  kind: ComposerInstruction,
  cards: Map<string, ComposerCard>,
  used: Set<string>,
): BuilderParagraph {
  const { sentences } = paragraph;
  if (kind === 'shorter')
    return { sentences: sentences.slice(0, Math.max(1, Math.ceil(sentences.length / 2))) };
  if (kind === 'beginners')
    return {
      sentences: [
        ...sentences.filter((sentence) => definition.test(sentence.text)),
        ...sentences.filter((sentence) => !definition.test(sentence.text)),
      ],
    };
  const id = soleCard(paragraph);
  const card = id === undefined ? undefined : cards.get(id);
  if (!card) return paragraph;
  const unused = cardSentences(card).filter((text) => !used.has(text));
  const added =
    kind === 'longer'
      ? unused.slice(0, LONGER_SENTENCES)
      : unused.filter((text) => example.test(text)).slice(0, 1);
  for (const text of added) used.add(text);
  return { sentences: [...sentences, ...paragraphOf(card, added).sentences] };
}

/**
 * A revision of the draft by instruction, for the whole post or one section (`sectionIndex`):
 * - shorter: each paragraph keeps its first half of sentences (rounded up, at least one);
 * - longer: each paragraph of one card gains up to 3 more of that card's sentences not yet in the draft;
 * - add an example: each such paragraph gains the card's first unused sentence that gives an example ("for
 *   example", "for instance", "e.g.", "such as"), when it has one;
 * - for beginners: in each paragraph the definitions ("is a", "means", "refers to"…) come first.
 * Anything else leaves the draft unchanged with a notice saying so.
 */
export function composeRevision(
  draft: BuilderDraft,
  instruction: string,
  sectionIndex: number | null,
  cards: ComposerCard[],
): { draft: BuilderDraft; notice: string | null } {
  const kind = instructionKind(instruction);
  if (kind === null) return { draft, notice: composerCannotFollow };
  const byId = new Map(cards.map((card) => [card.id, card]));
  const used = new Set(
    draft.sections.flatMap((section) =>
      section.paragraphs.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.text)),
    ),
  );
  const sections = draft.sections.map((section, index) =>
    sectionIndex !== null && index !== sectionIndex
      ? section
      : { ...section, paragraphs: section.paragraphs.map((p) => reviseParagraph(p, kind, byId, used)) },
  );
  const changed = JSON.stringify(sections) !== JSON.stringify(draft.sections);
  return {
    draft: { title: draft.title, sections },
    notice: changed
      ? null
      : kind === 'example'
        ? 'The source cards hold no further sentence that gives an example, so the draft is unchanged.'
        : 'The composer found nothing to change for that instruction.',
  };
}
