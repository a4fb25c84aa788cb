import {
  cardLimits,
  normalizeTags,
  normalizeTitle,
  parseCloze,
  citedKeys,
  parseWikiLinks,
} from '../../../contracts/card-text.ts';
import {
  cardFieldsSchema,
  undoDeleteSeconds,
  type ImportRequest,
  type Card,
  type CardFields,
  type CardLikes,
  type CardType,
  type CardVisibility,
  type CardVersion,
  type Draft,
  type DraftInput,
  type LinkKind,
} from '../../../contracts/cards.ts';
import type { UserReportRequest } from '../../../contracts/profiles.ts';
import { zipSync, strToU8 } from 'fflate';
import { pdfReaderPath } from '../../../contracts/pdfs.ts';
import { AppError } from '../../lib/app-error.ts';
import { FrontMatterError } from '../../lib/front-matter.ts';
import { cardToMarkdownFile, fileNameFor, markdownFileToCard, type CardFile } from './markdown-files.ts';
import { mayReadCard, mayReadVersion } from '../../db/visibility.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import { cardSummaryOf } from './present.ts';
import type { CardContent, CardRow, CardsRepository, DraftRow, ProfileRow } from './repository.ts';

type FieldProblem = { path: string; message: string };

const notFound = () => new AppError('common/not-found', { message: 'There is no such card.' });

/** Whether `readerKey` may open the card: its author always; others a published card that isn't private. */
export function canRead(card: CardRow, readerKey: string | undefined): boolean {
  return mayReadCard(card, readerKey);
}

/** The problems that keep a draft from being published, each named by its field. */
export function publishProblems(draft: CardContent): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const title = draft.title.trim();
  if (!title) problems.push({ path: 'title', message: 'Give the card a title' });
  else if (/[[\]|\n]/.test(title))
    problems.push({ path: 'title', message: 'A title cannot hold [ ] or |, so that [[links]] can name it' });
  const fields = draft.fields;
  switch (draft.type as CardType) {
    case 'flashcard':
      if (!fields.front?.trim())
        problems.push({ path: 'fields.front', message: 'Write the front of the card' });
      if (!fields.back?.trim()) problems.push({ path: 'fields.back', message: 'Write the back of the card' });
      break;
    case 'cloze':
      if (parseCloze(draft.body).length === 0)
        problems.push({ path: 'body', message: 'Hide at least one part of the text with {{c1::…}}' });
      break;
    case 'code':
      if (!draft.body.trim()) problems.push({ path: 'body', message: 'Add the code' });
      if (!fields.language) problems.push({ path: 'fields.language', message: 'Name the language' });
      break;
    case 'paper':
      if (!fields.authors?.length)
        problems.push({ path: 'fields.authors', message: 'Name at least one author' });
      if (!fields.year) problems.push({ path: 'fields.year', message: 'Give the year' });
      if (!fields.doi && !fields.url && !fields.arxivId)
        problems.push({
          path: 'fields.url',
          message: 'Give a DOI, an arXiv id or a web address for the paper',
        });
      break;
    case 'link':
      if (!fields.url) problems.push({ path: 'fields.url', message: 'Give the web address' });
      break;
    case 'note':
      if (!draft.body.trim()) problems.push({ path: 'body', message: 'Write something in the card' });
      break;
  }
  return problems;
}

/** Only the fields the card's type uses are kept, so a type change leaves no stray fields behind. */
function fieldsForType(type: CardType, fields: CardFields): CardFields {
  const keep: Record<CardType, (keyof CardFields)[]> = {
    note: [],
    flashcard: ['front', 'back'],
    cloze: [],
    code: ['language'],
    paper: [
      'authors',
      'authorOrcids',
      'year',
      'doi',
      'url',
      'venue',
      'volume',
      'issue',
      'pages',
      'arxivId',
      'codeUrl',
      'tldr',
      'citationKey',
      'references',
    ],
    link: ['url'],
  };
  return Object.fromEntries(
    keep[type].filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]),
  );
}

/** Cards: drafts and autosave, publishing with versions and links, likes, deletion with undo, remixes. */
/** Where a new card comes from: the PDF highlight it was made of, with the paper's title and citation. */
export type CardSourceInput = {
  documentId: string;
  highlightId: string;
  page: number;
  paperTitle: string;
  citation: string;
};

/** A link of a card published in a batch: to an existing card, or to another card of the batch. */
type BatchLink = { targetId: string; kind: string } | { targetIndex: number; kind: string };

export function createCardsService(repository: CardsRepository) {
  async function ownedCard(id: string, ownerKey: string) {
    const found = await repository.find(id);
    // Another person's card is as invisible as a missing one.
    if (!found || found.card.deletedAt || found.card.authorKey !== ownerKey) throw notFound();
    return found;
  }

  /**
   * The card a remix was made from, when `readerKey` may open it and meets its author (decision 012);
   * otherwise undefined, so a credit names nothing that has since gone private, been deleted or been blocked.
   */
  async function creditedOriginal(card: CardRow, readerKey: string | undefined) {
    if (!card.forkOfId) return undefined;
    const original = await repository.find(card.forkOfId);
    if (!original || !canRead(original.card, readerKey)) return undefined;
    if (
      readerKey !== undefined &&
      original.card.authorKey !== readerKey &&
      (await repository.blockedEitherWay(readerKey, original.card.authorKey))
    )
      return undefined;
    return original;
  }

  async function presentDraft(card: CardRow, draft: DraftRow): Promise<Draft> {
    // Only the author reads a draft: its links and credit are what they may still open and link to.
    const [titles, forkOf] = await Promise.all([
      repository.linkableTitles(
        card.authorKey,
        draft.typedLinks.map((link) => link.targetId),
      ),
      creditedOriginal(card, card.authorKey),
    ]);
    const live = card.version > 0;
    const changed =
      !live ||
      card.status !== 'published' ||
      card.title !== draft.title ||
      card.body !== draft.body ||
      card.type !== draft.type ||
      card.visibility !== draft.visibility ||
      card.coverURL !== draft.coverURL ||
      JSON.stringify(card.tags) !== JSON.stringify(draft.tags) ||
      JSON.stringify(card.fields) !== JSON.stringify(draft.fields);
    return {
      cardId: card.id,
      title: draft.title,
      body: draft.body,
      type: draft.type as CardType,
      fields: draft.fields,
      tags: draft.tags,
      coverURL: draft.coverURL,
      visibility: draft.visibility as Draft['visibility'],
      typedLinks: draft.typedLinks.flatMap((link) => {
        const title = titles.get(link.targetId);
        return title === undefined
          ? []
          : [{ targetId: link.targetId, kind: link.kind as Draft['typedLinks'][number]['kind'], title }];
      }),
      revision: draft.revision,
      updatedAt: draft.updatedAt.toISOString(),
      published: card.status === 'published',
      hasUnpublishedChanges: changed,
      forkOf: forkOf ? { id: forkOf.card.id, title: forkOf.card.title } : null,
    };
  }

  async function presentCard(
    card: CardRow,
    author: ProfileRow,
    readerKey: string | undefined,
  ): Promise<Card> {
    const isOwner = card.authorKey === readerKey;
    const [links, likedByMe, forkOf, source, attachedPdf] = await Promise.all([
      repository.outgoingLinks(card.id, readerKey),
      readerKey ? repository.isLikedBy(card.id, readerKey) : Promise.resolve(false),
      creditedOriginal(card, readerKey),
      repository.sourceOf(card.id),
      readerKey && card.type === 'paper' ? repository.attachedPdfOf(card.id, readerKey) : undefined,
    ]);
    return {
      ...cardSummaryOf(card, author),
      body: card.body,
      fields: card.fields,
      version: card.version,
      createdAt: card.createdAt.toISOString(),
      forkOf: forkOf
        ? { id: forkOf.card.id, title: forkOf.card.title, author: profileSummaryOf(forkOf.author) }
        : null,
      likedByMe,
      isOwner,
      links: links.map((link) => ({ id: link.id, title: link.title, kind: link.kind as LinkKind })),
      source: source
        ? {
            paperTitle: source.paperTitle,
            page: source.page,
            citation: source.citation,
            // Only the PDF's owner can open it: a link anyone else followed would lead nowhere.
            href:
              isOwner && source.documentId && source.documentOwnerKey === readerKey
                ? pdfReaderPath(source.documentId, source.page, source.highlightId ?? undefined)
                : null,
          }
        : null,
      attachedPdf: attachedPdf ?? null,
    };
  }

  return {
    /**
     * Starts a new draft for `authorKey`: empty, or with a note's title and text (a chat message saved as a
     * card), public unless said otherwise.
     */
    async create(
      authorKey: string,
      start: {
        title?: string;
        type?: CardType;
        body?: string;
        visibility?: CardVisibility;
        /** Tags to start with; any that are not usable tags are left out. */
        tags?: string[];
        /** Where the card comes from: a highlight in a PDF (kept when the PDF is gone). */
        source?: CardSourceInput;
      },
    ): Promise<Draft> {
      const usable = (start.tags ?? []).flatMap((tag) => {
        const one = normalizeTags([tag]);
        return one.ok ? one.tags : [];
      });
      const tags = normalizeTags([...new Set(usable)].slice(0, cardLimits.tags.max));
      const { card, draft } = await repository.create({
        authorKey,
        content: {
          title: start.title?.trim() ?? '',
          body: start.body ?? '',
          type: start.type ?? 'note',
          fields: {},
          tags: tags.ok ? tags.tags : [],
          coverURL: null,
        },
        visibility: start.visibility ?? 'public',
        ...(start.source ? { source: start.source } : {}),
      });
      return presentDraft(card, draft);
    },

    /** The author's draft of a card, made from the live card if there is none yet. */
    async draft(id: string, ownerKey: string): Promise<Draft> {
      const { card } = await ownedCard(id, ownerKey);
      return presentDraft(card, await repository.draftFor(card));
    },

    /**
     * The builder's autosave. Tags are normalised and typed links checked; a save from an older revision is
     * refused with `cards/draft-conflict` and changes nothing.
     */
    async saveDraft(id: string, ownerKey: string, input: DraftInput): Promise<Draft> {
      const { card } = await ownedCard(id, ownerKey);
      const current = await repository.draftFor(card);
      const problems: FieldProblem[] = [];
      const tags = normalizeTags(input.tags);
      if (!tags.ok)
        problems.push({
          path: 'tags',
          message:
            tags.error === 'too-many-tags'
              ? `At most ${tags.max} tags`
              : `“${tags.tag}” is not a usable tag: use letters, digits, - and / for nesting`,
        });
      const targets = [...new Set(input.typedLinks.map((link) => link.targetId))];
      const linkable = await repository.linkableTitles(ownerKey, targets);
      if (targets.some((target) => !linkable.has(target) || target === id))
        problems.push({ path: 'typedLinks', message: 'A linked card no longer exists or cannot be linked' });
      if (problems.length > 0)
        throw new AppError('common/validation-failed', { details: { fields: problems } });
      if (current.revision !== input.baseRevision)
        throw new AppError('cards/draft-conflict', {
          details: {
            fields: [{ path: 'baseRevision', message: `The draft is at revision ${current.revision}` }],
          },
        });
      const saved = await repository.saveDraft(id, input.baseRevision, {
        title: input.title,
        body: input.body,
        type: input.type,
        fields: fieldsForType(input.type, input.fields),
        tags: tags.ok ? tags.tags : [],
        coverURL: input.coverURL,
        visibility: input.visibility,
        typedLinks: input.typedLinks,
      });
      if (!saved) throw new AppError('cards/draft-conflict');
      return presentDraft(card, saved);
    },

    /** The author's cards with unpublished work, most recently edited first. */
    async drafts(ownerKey: string) {
      const rows = await repository.listDrafts(ownerKey, 100);
      return {
        items: rows.map(({ card, draft, author }) =>
          cardSummaryOf(
            {
              ...card,
              title: draft.title,
              body: draft.body,
              type: draft.type,
              tags: draft.tags,
              updatedAt: draft.updatedAt,
            },
            author,
          ),
        ),
        nextCursor: null,
      };
    },

    /**
     * Publishes the draft: every field is checked first and nothing changes unless all pass. `[[links]]` are
     * resolved to card ids now, so a later rename of the target keeps them working.
     */
    async publish(id: string, ownerKey: string): Promise<Card> {
      const { card } = await ownedCard(id, ownerKey);
      const draft = await repository.draftFor(card);
      const content: CardContent = {
        title: draft.title.trim(),
        body: draft.body,
        type: draft.type,
        fields: fieldsForType(draft.type as CardType, draft.fields),
        tags: draft.tags,
        coverURL: draft.coverURL,
      };
      const problems = publishProblems(content);
      if (problems.length > 0)
        throw new AppError('common/validation-failed', { details: { fields: problems } });
      const wiki = parseWikiLinks(content.body);
      const resolved = await repository.resolveTitles(ownerKey, [
        ...new Set(wiki.map((link) => normalizeTitle(link.title))),
      ]);
      const linkable = await repository.linkableTitles(
        ownerKey,
        draft.typedLinks.map((link) => link.targetId),
      );
      const cited = await repository.resolveCitationKeys(ownerKey, citedKeys(content.body));
      const links = [
        ...wiki.flatMap((link) => {
          const target = resolved.get(normalizeTitle(link.title));
          return target ? [{ targetId: target.id, kind: 'wiki' }] : [];
        }),
        ...[...cited.values()].map((targetId) => ({ targetId, kind: 'cites' })),
        ...draft.typedLinks.filter((link) => linkable.has(link.targetId)),
      ];
      const published = await repository.publish(
        id,
        { ...content, visibility: draft.visibility, typedLinks: draft.typedLinks },
        links,
      );
      if (!published) throw notFound();
      const found = await repository.find(id);
      return presentCard(published, found!.author, ownerKey);
    },

    /**
     * Publishes new cards of one author at once, each checked as `publish` checks a draft (the first problem
     * of any card refuses them all: callers check `publishProblems` first to report per card). Tags are
     * normalised; `[[links]]` and `[@citations]` are resolved as the author sees them. Returns the ids in order.
     */
    async publishMany(
      authorKey: string,
      items: {
        title: string;
        body: string;
        type: CardType;
        fields: CardFields;
        tags: string[];
        visibility: CardVisibility;
      }[],
    ): Promise<string[]> {
      const prepared = items.map((item) => {
        const tags = normalizeTags(item.tags);
        const content: CardContent = {
          title: item.title.trim(),
          body: item.body,
          type: item.type,
          fields: fieldsForType(item.type, item.fields),
          tags: tags.ok ? tags.tags : [],
          coverURL: null,
        };
        const problems = publishProblems(content);
        if (!tags.ok) problems.push({ path: 'tags', message: 'A tag is not usable' });
        if (problems.length > 0)
          throw new AppError('common/validation-failed', { details: { fields: problems } });
        return { content, visibility: item.visibility };
      });
      const titles = new Set<string>();
      const keys = new Set<string>();
      for (const { content } of prepared) {
        for (const link of parseWikiLinks(content.body)) titles.add(normalizeTitle(link.title));
        for (const key of citedKeys(content.body)) keys.add(key);
      }
      const resolved = await repository.resolveTitles(authorKey, [...titles]);
      const cited = await repository.resolveCitationKeys(authorKey, [...keys]);
      // A link to a card of the same batch (module cards linking each other) names it, over an older one.
      const inBatch = new Map(prepared.map(({ content }, index) => [normalizeTitle(content.title), index]));
      return repository.publishMany(
        authorKey,
        prepared.map(({ content, visibility }) => ({
          content,
          visibility,
          links: [
            ...parseWikiLinks(content.body).flatMap((link): BatchLink[] => {
              const sibling = inBatch.get(normalizeTitle(link.title));
              if (sibling !== undefined) return [{ targetIndex: sibling, kind: 'wiki' }];
              const target = resolved.get(normalizeTitle(link.title));
              return target ? [{ targetId: target.id, kind: 'wiki' }] : [];
            }),
            ...citedKeys(content.body).flatMap((key): BatchLink[] => {
              const target = cited.get(key);
              return target ? [{ targetId: target, kind: 'cites' }] : [];
            }),
          ],
        })),
      );
    },

    /** Takes the card out of every list; its author can publish it again. */
    async unpublish(id: string, ownerKey: string): Promise<Card> {
      const { author } = await ownedCard(id, ownerKey);
      const row = await repository.unpublish(id);
      if (!row) throw notFound();
      return presentCard(row, author, ownerKey);
    },

    /** Deletes the card; `restore` brings it back within `undoDeleteSeconds`. */
    async remove(id: string, ownerKey: string) {
      await ownedCard(id, ownerKey);
      const row = await repository.setDeleted(id, true);
      if (!row) throw notFound();
      return { id, undoUntil: new Date(row.deletedAt!.getTime() + undoDeleteSeconds * 1000).toISOString() };
    },

    /** Undoes a delete made less than `undoDeleteSeconds` ago. */
    async restore(id: string, ownerKey: string): Promise<Card> {
      const found = await repository.find(id);
      if (!found || found.card.authorKey !== ownerKey) throw notFound();
      const row = await repository.setDeleted(id, false, new Date(Date.now() - undoDeleteSeconds * 1000));
      if (!row) throw new AppError('common/not-found', { message: 'This card can no longer be restored.' });
      return presentCard(row, found.author, ownerKey);
    },

    /** A card as `readerKey` may see it; private, draft and deleted cards are not found for anyone else. */
    async get(id: string, readerKey: string | undefined): Promise<Card> {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey)) throw notFound();
      return presentCard(found.card, found.author, readerKey);
    },

    /** Whether `readerKey` likes each of these cards, with its count: only the published ones they may read. */
    async likes(ids: string[], readerKey: string): Promise<CardLikes> {
      const rows = new Map((await repository.likesOf(ids, readerKey)).map((row) => [row.id, row]));
      return { items: ids.flatMap((id) => rows.get(id) ?? []) };
    },

    /** Likes or unlikes a published card of someone else; idempotent. */
    async setLike(id: string, readerKey: string, like: boolean) {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey) || found.card.status !== 'published') throw notFound();
      if (found.card.authorKey === readerKey)
        throw new AppError('common/bad-request', { message: 'You cannot like your own card.' });
      if (like && (await repository.blockedEitherWay(readerKey, found.card.authorKey)))
        throw new AppError('profiles/blocked');
      const likes = await repository.setLike(id, readerKey, like);
      if (likes === undefined) throw notFound();
      return { liked: like, likes };
    },

    /** A draft copy of a published card for `readerKey`, crediting the original. */
    async remix(id: string, readerKey: string): Promise<Draft> {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey) || found.card.status !== 'published') throw notFound();
      const source = found.card;
      const { card, draft } = await repository.create({
        authorKey: readerKey,
        content: {
          title: source.title,
          body: source.body,
          type: source.type,
          fields: source.fields,
          tags: source.tags,
          coverURL: source.coverURL,
        },
        visibility: 'public',
        forkOfId: source.id,
      });
      return presentDraft(card, draft);
    },

    /**
     * The versions of a card the reader may open, newest first: all of them for its author, for others those
     * published while it was public or unlisted (decision 014).
     */
    async versions(id: string, readerKey: string | undefined) {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey)) throw notFound();
      const rows = await repository.versions(id, readerKey);
      return {
        items: rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() })),
      };
    },

    /** One version of a card, when the reader may open it (see `versions`). */
    async version(id: string, version: number, readerKey: string | undefined): Promise<CardVersion> {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey)) throw notFound();
      const row = await repository.version(id, version);
      // A version written while the card was private is as missing to others as one never written.
      if (!row || !mayReadVersion(found.card, row, readerKey))
        throw new AppError('common/not-found', { message: 'The card has no such version.' });
      return {
        version: row.version,
        title: row.title,
        publishedAt: row.publishedAt.toISOString(),
        body: row.body,
        type: row.type as CardType,
        fields: row.fields,
        tags: row.tags,
        coverURL: row.coverURL,
      };
    },

    /** Publishes an old version's content again, as the newest version. */
    async restoreVersion(id: string, version: number, ownerKey: string): Promise<Card> {
      const { card } = await ownedCard(id, ownerKey);
      const row = await repository.version(id, version);
      if (!row) throw new AppError('common/not-found', { message: 'The card has no such version.' });
      const draft = await repository.draftFor(card);
      const saved = await repository.saveDraft(id, draft.revision, {
        title: row.title,
        body: row.body,
        type: row.type,
        fields: row.fields,
        tags: row.tags,
        coverURL: row.coverURL,
        visibility: draft.visibility,
        typedLinks: row.typedLinks,
      });
      if (!saved) throw new AppError('cards/draft-conflict');
      return this.publish(id, ownerKey);
    },

    /** Titles for `[[` autocomplete. */
    async suggestTitles(readerKey: string, query: string) {
      const rows = await repository.suggestTitles(readerKey, query.trim(), 10);
      return { items: rows };
    },

    /** Files a report about a card for the administrators. */
    async report(id: string, readerKey: string, request: Required<UserReportRequest>) {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey)) throw notFound();
      if (found.card.authorKey === readerKey)
        throw new AppError('common/bad-request', { message: 'You cannot report your own card.' });
      const reportId = await repository.insertReport({
        reporterKey: readerKey,
        reportedKey: found.card.authorKey,
        cardId: id,
        reason: request.reason,
        details: request.details,
      });
      return { id: reportId, status: 'open' as const };
    },

    /**
     * Turns Markdown files into drafts. Every file is read and checked first; if any is wrong, the answer
     * names each problem by file and nothing is created.
     */
    async importFiles(authorKey: string, request: ImportRequest) {
      const problems: FieldProblem[] = [];
      const parsed: { file: string; card: CardFile; tags: string[] }[] = [];
      request.files.forEach(({ name, text }, index) => {
        const path = `files.${index}`;
        try {
          const card = markdownFileToCard(name, text);
          const tags = normalizeTags(card.tags);
          const fields = cardFieldsSchema.safeParse(card.fields);
          if (!card.title || card.title.length > 120)
            problems.push({ path, message: `${name}: the title must be 1 to 120 characters` });
          else if (card.body.length > 50_000)
            problems.push({ path, message: `${name}: the text is over 50,000 characters` });
          else if (!tags.ok)
            problems.push({
              path,
              message:
                tags.error === 'too-many-tags'
                  ? `${name}: at most ${tags.max} tags`
                  : `${name}: “${tags.tag}” is not a usable tag`,
            });
          else if (!fields.success)
            problems.push({
              path,
              message: `${name}: ${fields.error.issues[0]?.path.join('.')}: ${fields.error.issues[0]?.message}`,
            });
          else parsed.push({ file: name, card: { ...card, fields: fields.data }, tags: tags.tags });
        } catch (error) {
          if (!(error instanceof FrontMatterError)) throw error;
          problems.push({ path, message: `${name}: ${error.message}` });
        }
      });
      if (problems.length > 0)
        throw new AppError('common/validation-failed', { details: { fields: problems } });
      const items = [];
      for (const { file, card, tags } of parsed) {
        const created = await repository.create({
          authorKey,
          content: {
            title: card.title,
            body: card.body,
            type: card.type,
            fields: fieldsForType(card.type, card.fields),
            tags,
            coverURL: null,
          },
          visibility: 'public',
        });
        items.push({ id: created.card.id, title: card.title, file });
      }
      return { items };
    },

    /** One card as a Markdown file: the author's draft if they have one, else the live card. */
    async exportCard(id: string, readerKey: string | undefined) {
      const found = await repository.find(id);
      if (!found || !canRead(found.card, readerKey)) throw notFound();
      const draft = found.card.authorKey === readerKey ? await repository.findDraft(id) : undefined;
      const source = draft ?? found.card;
      const file: CardFile = {
        title: source.title,
        type: source.type as CardType,
        tags: source.tags,
        fields: source.fields,
        body: source.body,
      };
      return { name: fileNameFor(file.title, new Set()), text: cardToMarkdownFile(file) };
    },

    /** Every card of the author as Markdown files in a zip, drafts as they stand. */
    async exportAll(ownerKey: string): Promise<Uint8Array> {
      const rows = await repository.listOwn(ownerKey);
      const taken = new Set<string>();
      const files: Record<string, Uint8Array> = {};
      for (const { card, draft } of rows) {
        const source = draft ?? card;
        const name = fileNameFor(source.title, taken);
        files[name] = strToU8(
          cardToMarkdownFile({
            title: source.title,
            type: source.type as CardType,
            tags: source.tags,
            fields: source.fields,
            body: source.body,
          }),
        );
      }
      return zipSync(files, { level: 6 });
    },

    /** Removes for good the cards whose undo time is long over. */
    purgeDeleted: () => repository.purgeDeleted(new Date(Date.now() - 10 * 60 * 1000)),
  };
}
export type CardsService = ReturnType<typeof createCardsService>;
