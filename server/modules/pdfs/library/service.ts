import type { FastifyBaseLogger } from 'fastify';
import { entitlementsFor } from '../../../../contracts/premium.ts';
import {
  citationLine,
  pdfRules,
  type MakeCardMode,
  type PaperCards,
  type PdfCollection,
  type PdfDetail,
  type PdfDocument,
  type PdfLibrary,
  type PdfListQuery,
  type PdfSettings,
  type PdfUpdate,
  type PdfUsage,
} from '../../../../contracts/pdfs.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { FileStore } from '../../../lib/files/store.ts';
import type { CardsService } from '../../cards/index.ts';
import { subscribedNow } from '../../profiles/index.ts';
import { presentCollection, presentDocument, presentHighlight } from './present.ts';
import {
  isCollectionNameConflict,
  type DocumentChanges,
  type LibraryRepository,
  type LibraryStore,
} from './repository.ts';

const notFound = () => new AppError('common/not-found', { message: 'There is no such PDF in your library.' });
const collectionNotFound = () =>
  new AppError('common/not-found', { message: 'There is no such collection in your library.' });

/** Tags as the person means them: trimmed, the first spelling of each kept, case aside. */
function distinctTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** What a PDF's bytes are served with. */
export type PdfFile = { hash: string; fileName: string; size: number };

/**
 * The PDF library: the list with its filters, one PDF with its highlights and cards, edits, deletes (the file
 * goes with the last document that points at it), collections, settings and the storage quota.
 */
export function createLibraryService(deps: {
  repository: LibraryRepository;
  store: FileStore;
  log: FastifyBaseLogger;
}) {
  const { repository, store, log } = deps;

  /** The person's document as the API shows it; `common/not-found` when it is not theirs. */
  async function document(ownerKey: string, id: string, on: LibraryStore = repository): Promise<PdfDocument> {
    const [view] = await on.documents(ownerKey, { id });
    if (!view) throw notFound();
    return presentDocument(view);
  }

  /** Bytes of PDFs the person keeps, against what their plan allows. */
  async function usage(ownerKey: string, on: LibraryStore = repository): Promise<PdfUsage> {
    const [usedBytes, subscription] = await Promise.all([on.usedBytes(ownerKey), on.subscription(ownerKey)]);
    const premium = subscription !== undefined && subscribedNow(subscription);
    return { usedBytes, allowedBytes: entitlementsFor(premium).pdfLibraryBytes };
  }

  /**
   * Removes the file `hash` from the store when no document (anyone's) points at it any more. Under the
   * file's lock: an upload of the same bytes either finished first (its row is seen, the file stays) or starts
   * after (it writes the file again).
   */
  async function removeFileIfUnused(hash: string): Promise<void> {
    await repository.transaction(async (tx) => {
      await tx.lockFile(hash);
      if (await tx.hashInUse(hash)) return;
      await store.remove(hash);
    });
  }

  async function collection(ownerKey: string, id: string): Promise<PdfCollection> {
    const [view] = await repository.collections(ownerKey, id);
    if (!view) throw collectionNotFound();
    return presentCollection(view);
  }

  function nameTaken(): AppError {
    return new AppError('pdf/collection-name-taken');
  }

  return {
    document,
    usage,
    removeFileIfUnused,

    /** Paper cards the person may attach a PDF to (their own first) whose title holds `query`. */
    async paperCards(ownerKey: string, query: string): Promise<PaperCards> {
      return { items: await repository.paperCards(ownerKey, query, 20) };
    },

    /**
     * A new paper card for the PDF, filled from its citation fields (title, authors, year, DOI, arXiv link),
     * kept as a draft and attached to the PDF. Answers the PDF with its card.
     */
    async makePaperCard(ownerKey: string, id: string, cards: CardsService): Promise<PdfDocument> {
      const shown = await document(ownerKey, id);
      const draft = await cards.create(ownerKey, {
        title: shown.title.slice(0, 120),
        type: 'paper',
        tags: shown.tags,
      });
      const fields = {
        ...(shown.authors.length ? { authors: shown.authors.slice(0, 100) } : {}),
        ...(shown.year ? { year: shown.year } : {}),
        ...(shown.doi ? { doi: shown.doi } : {}),
        ...(shown.arxivId ? { url: `https://arxiv.org/abs/${shown.arxivId}` } : {}),
      };
      await cards.saveDraft(draft.cardId, ownerKey, {
        title: draft.title,
        body: '',
        type: 'paper',
        fields,
        tags: draft.tags,
        coverURL: null,
        visibility: draft.visibility,
        typedLinks: [],
        baseRevision: draft.revision,
      });
      return this.update(ownerKey, id, { paperCardId: draft.cardId });
    },

    /** The person's library: filtered and sorted items, the total, collections, tags, usage and settings. */
    async library(ownerKey: string, query: PdfListQuery): Promise<PdfLibrary> {
      const [items, total, collections, tags, used, makeCardAs] = await Promise.all([
        repository.documents(
          ownerKey,
          { tag: query.tag, collectionId: query.collection, status: query.status },
          query.sort,
        ),
        repository.documentCount(ownerKey),
        repository.collections(ownerKey),
        repository.tags(ownerKey),
        usage(ownerKey),
        repository.makeCardAs(ownerKey),
      ]);
      return {
        items: items.map(presentDocument),
        total,
        collections: collections.map(presentCollection),
        tags,
        usage: used,
        makeCardAs: makeCardAs as MakeCardMode | null,
      };
    },

    /** One PDF with its highlights, the cards made from it and its citation; notes that it was opened. */
    async detail(ownerKey: string, id: string): Promise<PdfDetail> {
      if (!(await repository.findOwned(ownerKey, id))) throw notFound();
      await repository.markOpened(ownerKey, id);
      const [shown, highlights, cards] = await Promise.all([
        document(ownerKey, id),
        repository.highlights(ownerKey, id),
        repository.cardsFrom(ownerKey, id),
      ]);
      return {
        document: shown,
        highlights: highlights.map(presentHighlight),
        cards,
        citation: citationLine(shown),
      };
    },

    /** Changes the fields sent; the collections sent replace the PDF's collections. */
    async update(ownerKey: string, id: string, patch: PdfUpdate): Promise<PdfDocument> {
      return repository.transaction(async (tx) => {
        const row = await tx.findOwned(ownerKey, id);
        if (!row) throw notFound();
        const changes: DocumentChanges = {};
        if (patch.title !== undefined) changes.title = patch.title;
        if (patch.authors !== undefined) changes.authors = patch.authors;
        if (patch.year !== undefined) changes.year = patch.year;
        if (patch.doi !== undefined) changes.doi = patch.doi;
        if (patch.arxivId !== undefined) changes.arxivId = patch.arxivId;
        if (patch.status !== undefined) changes.status = patch.status;
        if (patch.tags !== undefined) changes.tags = distinctTags(patch.tags);
        // A reader on a page past the end (a stale tab, a hand-made request) lands on the last page.
        if (patch.lastPage !== undefined)
          changes.lastPage = Math.max(1, Math.min(patch.lastPage, row.pageCount));
        if (patch.paperCardId !== undefined) {
          if (patch.paperCardId !== null) {
            const card = await tx.attachableCard(ownerKey, patch.paperCardId);
            if (!card || card.type !== 'paper') throw new AppError('pdf/not-a-paper-card');
          }
          changes.paperCardId = patch.paperCardId;
        }
        if (patch.collectionIds !== undefined) {
          const wanted = [...new Set(patch.collectionIds)];
          const owned = new Set(await tx.ownedCollectionIds(ownerKey, wanted));
          const fields = patch.collectionIds.flatMap((collectionId, index) =>
            owned.has(collectionId)
              ? []
              : [{ path: `collectionIds.${index}`, message: 'There is no such collection in your library' }],
          );
          if (fields.length > 0) throw new AppError('common/validation-failed', { details: { fields } });
          await tx.setCollections(id, wanted);
        }
        await tx.updateDocument(ownerKey, id, changes);
        return document(ownerKey, id, tx);
      });
    },

    /**
     * Deletes the PDF: its row at once (pages, highlights and collection entries with it; cards made from it
     * keep their text and citation), then its file unless another document still points at it.
     */
    async remove(ownerKey: string, id: string): Promise<void> {
      const deleted = await repository.deleteDocument(ownerKey, id);
      if (!deleted) throw notFound();
      try {
        await removeFileIfUnused(deleted.fileHash);
      } catch (error) {
        // The PDF is gone from the library either way; a file left behind only takes disk space.
        log.error({ err: error, hash: deleted.fileHash }, 'A deleted PDF’s file could not be removed');
      }
    },

    /** Where the person's PDF's bytes are, and how many there are; `common/not-found` when not theirs. */
    async file(ownerKey: string, id: string): Promise<PdfFile> {
      const row = await repository.findOwned(ownerKey, id);
      if (!row) throw notFound();
      const size = await store.size(row.fileHash);
      if (size === undefined) {
        log.error({ documentId: id, hash: row.fileHash }, 'A PDF’s file is missing from the store');
        throw notFound();
      }
      return { hash: row.fileHash, fileName: row.fileName, size };
    },

    /** A new collection; `pdf/collection-name-taken` when the person has one of that name in any case. */
    async createCollection(ownerKey: string, name: string): Promise<PdfCollection> {
      try {
        const created = await repository.transaction(async (tx) => {
          await tx.lockOwnerCollections(ownerKey);
          if ((await tx.collectionCount(ownerKey)) >= pdfRules.maxCollections) {
            throw new AppError('common/validation-failed', {
              details: {
                fields: [
                  {
                    path: 'name',
                    message: `You have ${pdfRules.maxCollections} collections, the most a library keeps. Delete one to make another.`,
                  },
                ],
              },
            });
          }
          if (await tx.collectionNameTaken(ownerKey, name)) throw nameTaken();
          return tx.insertCollection(ownerKey, name);
        });
        return { ...created, documentCount: 0 };
      } catch (error) {
        if (isCollectionNameConflict(error)) throw nameTaken();
        throw error;
      }
    },

    /** Renames the person's collection. */
    async renameCollection(ownerKey: string, id: string, name: string): Promise<PdfCollection> {
      try {
        await repository.transaction(async (tx) => {
          await tx.lockOwnerCollections(ownerKey);
          // Someone else's collection is not there at all: its name rules are never reached.
          if ((await tx.ownedCollectionIds(ownerKey, [id])).length === 0) throw collectionNotFound();
          if (await tx.collectionNameTaken(ownerKey, name, id)) throw nameTaken();
          await tx.renameCollection(ownerKey, id, name);
        });
      } catch (error) {
        if (isCollectionNameConflict(error)) throw nameTaken();
        throw error;
      }
      return collection(ownerKey, id);
    },

    /** Deletes the person's collection; its PDFs stay in the library. */
    async deleteCollection(ownerKey: string, id: string): Promise<void> {
      if (!(await repository.deleteCollection(ownerKey, id))) throw collectionNotFound();
    },

    /** Saves whether Make card writes drafts or publishes. */
    async saveSettings(ownerKey: string, settings: PdfSettings): Promise<PdfSettings> {
      await repository.saveMakeCardAs(ownerKey, settings.makeCardAs);
      return { makeCardAs: settings.makeCardAs };
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
