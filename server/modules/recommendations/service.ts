import { randomUUID } from 'node:crypto';
import { normalizeTag } from '../../../contracts/card-text.ts';
import type { CardSummary } from '../../../contracts/cards.ts';
import {
  recommendationLimits,
  type EvaluationList,
  type EvaluationRun,
  type FeedbackInput,
  type FeedbackItem,
  type ForYouPage,
  type ImpressionBatch,
  type NeighbourTableStatus,
  type OnlineMetrics,
  type RecommendationDebug,
  type RecommendationPreferences,
  type RecommendationSource,
  type SignalCounts,
  type WhyNot,
} from '../../../contracts/recommendations.ts';
import type { Database } from '../../db/client.ts';
import { mayReadCard } from '../../db/visibility.ts';
import { AppError } from '../../lib/app-error.ts';
import { invalidCursor } from '../../lib/cursor.ts';
import { evaluate } from './evaluation.ts';
import { recommend, type Recommendation, type SiteFigures } from './pipeline.ts';
import { deleteOldRows, rebuildNeighbours, rebuildTagStats } from './repository/maintenance.ts';
import { createStore, type FeedEntry } from './repository/store.ts';
import { weights } from './weights.ts';
import { profileSummaryOf } from '../profiles/index.ts';

/** Cards one computation of a visit lays out (five pages); a visit that scrolls past them gets more. */
export const VISIT_ITEMS = 120;
/** A person's latest list is served again to their next visits for this long, unless their signals change. */
export const REUSE_MS = 30 * 60_000;
/** A list served again when older than this has its successor prepared in the background, for the next visit. */
export const PREPARE_AFTER_MS = 2 * 60_000;
/** Site figures are read again after this long. */
const SITE_FIGURES_MS = 5 * 60_000;
/** Days of impressions the debug page's rates read. */
const ONLINE_DAYS = 30;

/** What the recommender needs of the rest of the app. */
export type RecommendationDependencies = {
  db: Database;
  /** Summaries of listed cards the reader may see, in the order asked (Explore's reader). */
  listedByIds: (readerKey: string, ids: readonly string[]) => Promise<CardSummary[]>;
  /** Asks for `prepare(profileKey)` to run in the background (once, however often asked meanwhile). */
  queuePrepare: (profileKey: string) => Promise<unknown>;
};

type FeedMeta = { signals: SignalCounts; pickedTags: string[]; capped: boolean };

const notFound = (message: string) => new AppError('common/not-found', { message });

function encodeCursor(feedId: string, page: number) {
  return Buffer.from(JSON.stringify([feedId, page])).toString('base64url');
}

function decodeCursor(cursor: string): { feedId: string; page: number } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(value) ||
    typeof value[0] !== 'string' ||
    !/^[0-9a-f-]{36}$/.test(value[0]) ||
    !Number.isInteger(value[1]) ||
    value[1] < 1 ||
    value[1] > 1000
  )
    throw invalidCursor();
  return { feedId: value[0], page: value[1] as number };
}

/** The card id in a card link (`…/cards/<id>`) or a bare id, or undefined. */
export function cardIdIn(text: string): string | undefined {
  const match =
    /(?:^|\/cards\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:$|[/?#])/i.exec(
      text.trim(),
    );
  return match?.[1]?.toLowerCase();
}

/** The recommender: For you pages, the feedback that steers them, the debug view, and its background work. */
export function createRecommendationService(deps: RecommendationDependencies) {
  const store = createStore(deps.db.orm);
  let site: { at: number; figures: Promise<SiteFigures> } | undefined;

  /** Site figures, read at most every few minutes; concurrent callers share one read. */
  function siteFigures(): Promise<SiteFigures> {
    if (!site || Date.now() - site.at > SITE_FIGURES_MS) {
      const figures = store.siteFigures();
      site = { at: Date.now(), figures };
      figures.catch(() => (site = undefined));
    }
    return site.figures;
  }

  async function page(
    profileKey: string,
    feedId: string,
    pageNumber: number,
    entries: FeedEntry[],
    meta: FeedMeta,
    mode: string,
    /** Whether pages follow, when `entries` holds only this page's. */
    laterPages?: boolean,
  ): Promise<ForYouPage> {
    const onPage = entries.filter((entry) => entry.page === pageNumber);
    const summaries = await deps.listedByIds(
      profileKey,
      onPage.map((entry) => entry.id),
    );
    const reasons = new Map(onPage.map((entry) => [entry.id, entry]));
    const more = laterPages ?? (entries.some((entry) => entry.page > pageNumber) || meta.capped);
    return {
      items: summaries.map((card) => {
        const entry = reasons.get(card.id)!;
        return { ...card, reason: { source: entry.source as RecommendationSource, text: entry.reason } };
      }),
      nextCursor: more ? encodeCursor(feedId, pageNumber + 1) : null,
      feedId,
      mode: mode === 'personal' ? 'personal' : 'cold-start',
      signals: meta.signals,
      pickedTags: meta.pickedTags,
    };
  }

  const entriesOf = (recommendation: Recommendation, firstPage: number): FeedEntry[] =>
    recommendation.placed.map((item) => ({
      id: item.candidate.id,
      source: item.reason.source,
      reason: item.reason.text,
      page: firstPage + item.page,
    }));

  /** Computes a new list for the person and stores it as a visit. */
  async function computeVisit(profileKey: string) {
    const recommendation = await recommend(deps.db.orm, profileKey, await siteFigures(), {
      maxItems: VISIT_ITEMS,
    });
    const feedId = randomUUID();
    const entries = entriesOf(recommendation, 0);
    const meta: FeedMeta = {
      signals: recommendation.signals,
      pickedTags: recommendation.pickedTags,
      capped: entries.length >= VISIT_ITEMS,
    };
    await store.saveFeed(
      feedId,
      profileKey,
      recommendation.mode,
      entries,
      meta,
      recommendation.signalsVersion,
    );
    return { feedId, entries, meta, mode: recommendation.mode };
  }

  /** Resolves whose feed the debug page shows: one's own, or (administrators only, audited) anyone's. */
  async function subject(viewer: { key: string; isAdmin: boolean }, asHandle: string | undefined) {
    if (asHandle === undefined) return { key: viewer.key, viewingAs: false };
    // To everyone else, another person's debug page does not exist.
    if (!viewer.isAdmin) throw notFound('There is no such page.');
    const profile = await store.profileByHandle(asHandle.replace(/^@/, ''));
    if (!profile) throw notFound('There is no such profile.');
    if (profile.key === viewer.key) return { key: viewer.key, viewingAs: false };
    await store.audit(viewer.key, 'recommendations.debug.view-as', profile.key, { handle: profile.handle });
    return { key: profile.key, viewingAs: true };
  }

  async function online(): Promise<OnlineMetrics> {
    const rows = await store.online(ONLINE_DAYS);
    type Rates = { impressions: number; clicks: number; likes: number };
    const bySource = new Map<string, Rates>();
    const byPosition = new Map<number, Rates>();
    const add = <K>(totals: Map<K, Rates>, key: K, row: Rates) => {
      const total = totals.get(key) ?? { impressions: 0, clicks: 0, likes: 0 };
      total.impressions += row.impressions;
      total.clicks += row.clicks;
      total.likes += row.likes;
      totals.set(key, total);
    };
    for (const row of rows) {
      add(bySource, row.source, row);
      add(byPosition, row.position, row);
    }
    return {
      days: ONLINE_DAYS,
      bySource: [...bySource].map(([source, rates]) => ({
        source: source as RecommendationSource,
        ...rates,
      })),
      byPosition: [...byPosition]
        .sort((a, b) => a[0] - b[0])
        .map(([position, rates]) => ({ position, ...rates })),
    };
  }

  return {
    /**
     * A page of For you. A first page serves the person's latest list again while it is recent and nothing it
     * depends on has changed (asking for its successor in the background once it is a few minutes old), or
     * computes and stores a new one; later pages read the visit's list.
     */
    async feed(profileKey: string, cursor?: string): Promise<ForYouPage> {
      if (cursor === undefined) {
        const latest = await store.reusableFeed(profileKey, REUSE_MS);
        if (latest) {
          if (latest.ageMs > PREPARE_AFTER_MS) await deps.queuePrepare(profileKey);
          const meta = latest.meta as FeedMeta;
          return page(
            profileKey,
            latest.id,
            0,
            latest.entries,
            meta,
            latest.mode,
            latest.more || meta.capped,
          );
        }
        const visit = await computeVisit(profileKey);
        return page(profileKey, visit.feedId, 0, visit.entries, visit.meta, visit.mode);
      }
      const { feedId, page: pageNumber } = decodeCursor(cursor);
      const visit = await store.feed(feedId, profileKey);
      if (!visit) throw invalidCursor();
      let entries = visit.entries;
      let meta = visit.meta as FeedMeta;
      if (!entries.some((entry) => entry.page >= pageNumber) && meta.capped) {
        // Scrolled past the list: lay out more, leaving out every card this visit already served.
        const recommendation = await recommend(deps.db.orm, profileKey, await siteFigures(), {
          maxItems: VISIT_ITEMS,
          served: new Set(entries.map((entry) => entry.id)),
        });
        entries = [...entries, ...entriesOf(recommendation, pageNumber)];
        meta = { ...meta, capped: recommendation.placed.length >= VISIT_ITEMS };
        await store.saveFeed(feedId, profileKey, visit.mode, entries, meta, recommendation.signalsVersion);
      }
      return page(profileKey, feedId, pageNumber, entries, meta, visit.mode);
    },

    /** Computes the person's next list ahead of their next visit (the background job's work). */
    async prepare(profileKey: string): Promise<void> {
      await computeVisit(profileKey);
    },

    /** The person's signal counts, and whether For you is personal for them yet (Explore's first tab). */
    async signals(profileKey: string): Promise<SignalCounts> {
      const counts = await store.signalCounts(profileKey);
      return {
        ...counts,
        total: counts.likes + counts.studied + counts.authored + counts.follows,
        needed: recommendationLimits.signalsNeeded,
      };
    },

    /** Records which cards a visit showed; the visit must be the person's own. */
    async recordImpressions(profileKey: string, batch: ImpressionBatch): Promise<{ recorded: number }> {
      const visit = await store.feed(batch.feedId, profileKey);
      if (!visit) throw notFound('There is no such feed visit.');
      return { recorded: await store.recordImpressions(batch.feedId, profileKey, batch.items) };
    },

    async feedback(profileKey: string): Promise<FeedbackItem[]> {
      const rows = await store.feedback(profileKey);
      return rows.map((row) => ({
        kind: row.kind as FeedbackItem['kind'],
        target: row.target,
        label: row.label ?? (row.kind === 'card' ? 'A card no longer available' : 'A deleted account'),
        createdAt: new Date(row.createdAt).toISOString(),
      }));
    },

    /** Adds "Not interested" feedback; the card or person it names must exist and be visible. */
    async addFeedback(profileKey: string, input: FeedbackInput): Promise<FeedbackItem> {
      let label: string;
      let target = input.target;
      if (input.kind === 'card') {
        const card = await store.listedCardFor(profileKey, input.target);
        if (!card) throw notFound('There is no such card.');
        label = card.title;
      } else if (input.kind === 'tag') {
        const tag = normalizeTag(input.target);
        if (tag === null) {
          throw new AppError('common/validation-failed', {
            details: { fields: [{ path: 'target', message: 'Not a tag' }] },
          });
        }
        target = tag;
        label = tag;
      } else {
        const profile = await store.profileByKey(input.target);
        if (!profile) throw notFound('There is no such profile.');
        if (profile.key === profileKey) {
          throw new AppError('common/validation-failed', {
            details: { fields: [{ path: 'target', message: 'That is you' }] },
          });
        }
        label = `@${profile.handle}`;
      }
      const createdAt = await store.addFeedback(profileKey, input.kind, target);
      return { kind: input.kind, target, label, createdAt: new Date(createdAt).toISOString() };
    },

    async removeFeedback(profileKey: string, kind: string, target: string) {
      return { removed: await store.removeFeedback(profileKey, kind, target) };
    },

    async preferences(profileKey: string): Promise<RecommendationPreferences> {
      return store.preferences(profileKey);
    },

    async savePreferences(
      profileKey: string,
      input: RecommendationPreferences,
    ): Promise<RecommendationPreferences> {
      const tags = [...new Set(input.tags.flatMap((tag) => normalizeTag(tag) ?? []))];
      await store.savePreferences(profileKey, input.tilt, tags);
      return { tilt: input.tilt, tags };
    },

    async starterTags() {
      return { tags: await store.starterTags(30) };
    },

    /** The person's feed (or, for an administrator, anyone's) with every number that made it. */
    async debug(viewer: { key: string; isAdmin: boolean }, asHandle?: string): Promise<RecommendationDebug> {
      const who = await subject(viewer, asHandle);
      const [person, recommendation, neighbours, onlineRates] = await Promise.all([
        store.profileRow(who.key).then((row) => (row ? profileSummaryOf(row) : undefined)),
        recommend(deps.db.orm, who.key, await siteFigures(), { maxItems: VISIT_ITEMS }),
        store.runs('neighbours', 1),
        online(),
      ]);
      if (!person) throw notFound('There is no such profile.');
      const summaries = new Map(
        (
          await deps.listedByIds(
            who.key,
            recommendation.placed.map((item) => item.candidate.id),
          )
        ).map((card) => [card.id, card]),
      );
      const last = neighbours[0];
      return {
        person,
        viewingAs: who.viewingAs,
        weightsVersion: weights.version,
        mode: recommendation.mode,
        signals: recommendation.signals,
        tilt: recommendation.tilt,
        items: recommendation.placed.flatMap((item) => {
          const card = summaries.get(item.candidate.id);
          if (!card) return [];
          return [
            {
              card: { ...card, reason: item.reason },
              sources: Object.entries(item.candidate.sources).map(([source, value]) => ({
                source: source as RecommendationSource,
                score: value,
              })),
              features: item.features,
              score: item.score,
              rankBefore: item.rankBefore,
              rankAfter: item.rankAfter,
            },
          ];
        }),
        removed: recommendation.removed.map((item) => ({
          cardId: item.candidate.id,
          title: item.candidate.title,
          authorHandle: item.candidate.authorHandle,
          filter: item.filter,
          score: item.score,
          rankBefore: item.rankBefore,
        })),
        sourceCounts: recommendation.sourceCounts,
        neighbours: last
          ? {
              rebuiltAt: new Date(last.createdAt).toISOString(),
              durationMs: last.durationMs,
              tagStatsMs: Number(last.details.tagStatsMs ?? 0),
              pairs: Number(last.details.pairs ?? 0),
              cards: Number(last.details.cards ?? 0),
            }
          : null,
        online: onlineRates,
      };
    },

    /** Where one card dropped out of the person's feed, without saying anything of a card they may not see. */
    async whyNot(
      viewer: { key: string; isAdmin: boolean },
      cardText: string,
      asHandle?: string,
    ): Promise<WhyNot> {
      const cardId = cardIdIn(cardText);
      if (!cardId) {
        throw new AppError('common/validation-failed', {
          details: { fields: [{ path: 'card', message: 'Paste a card link (…/cards/…) or a card id' }] },
        });
      }
      const who = await subject(viewer, asHandle);
      const none = { sources: [], filter: null, rank: null, score: null };
      const card = await store.cardFacts(cardId);
      if (!card || !mayReadCard(card, who.key) || (await store.blockedBetween(who.key, card.authorKey))) {
        return {
          stage: 'not-found',
          card: null,
          ...none,
          explanation: 'There is no card with that id that this feed could show.',
        };
      }
      const found = { id: card.id, title: card.title };
      if (card.status !== 'published' || card.visibility !== 'public') {
        return {
          stage: 'not-listed',
          card: found,
          ...none,
          explanation:
            card.status !== 'published'
              ? 'It is a draft: only published cards are recommended.'
              : `It is ${card.visibility}: only public cards are recommended to anyone.`,
        };
      }
      const recommendation = await recommend(deps.db.orm, who.key, await siteFigures(), {
        maxItems: VISIT_ITEMS,
      });
      const candidate = recommendation.candidates.get(card.id);
      if (!candidate) {
        return {
          stage: 'not-a-candidate',
          card: found,
          ...none,
          explanation:
            'No source proposed it: its author is not followed, its tags are not among the strongest of this ' +
            'person, nobody who liked the same cards liked it, and it is neither trending nor new from a ' +
            'little-known author.',
        };
      }
      const sources = Object.keys(candidate.sources) as RecommendationSource[];
      const placed = recommendation.placed.find((item) => item.candidate.id === card.id);
      if (placed) {
        return {
          stage: 'in-feed',
          card: found,
          sources,
          filter: null,
          rank: placed.rankAfter,
          score: placed.score,
          explanation: `It is in the feed at place ${placed.rankAfter} (${placed.reason.text}).`,
        };
      }
      const removed = recommendation.removed.find((item) => item.candidate.id === card.id);
      if (removed && removed.filter !== 'author-cap') {
        return {
          stage: 'filtered',
          card: found,
          sources,
          filter: removed.filter,
          rank: removed.rankBefore,
          score: removed.score,
          explanation: `It ranked ${removed.rankBefore} before filters, then a filter removed it.`,
        };
      }
      const all = [...recommendation.placed, ...recommendation.removed];
      const scored = all.find((item) => item.candidate.id === card.id);
      return {
        stage: 'ranked-below',
        card: found,
        sources,
        filter: null,
        rank: scored?.rankBefore ?? null,
        score: scored?.score ?? null,
        explanation: `Its score put it below the ${VISIT_ITEMS} cards a visit lays out.`,
      };
    },

    /** Builds the neighbour table and the tag statistics again, and records the run. */
    async rebuild(): Promise<NeighbourTableStatus> {
      // One transaction, two timings: the tag statistics', then the neighbour table's (its target), whose swap
      // must be the last thing before the commit (feeds wait for the table from the swap to the commit).
      const counts = await deps.db.orm.transaction(async (tx) => {
        const tagsStarted = performance.now();
        const tags = await rebuildTagStats(tx);
        const tagStatsMs = performance.now() - tagsStarted;
        const started = performance.now();
        const neighbours = await rebuildNeighbours(tx);
        return { ...neighbours, durationMs: performance.now() - started, tags, tagStatsMs };
      });
      const run = await store.saveRun(deps.db.orm, 'neighbours', weights.version, counts.durationMs, counts);
      site = undefined;
      return {
        rebuiltAt: new Date(run.createdAt).toISOString(),
        durationMs: counts.durationMs,
        tagStatsMs: counts.tagStatsMs,
        pairs: counts.pairs,
        cards: counts.cards,
      };
    },

    /** Runs the offline evaluation now and records it. */
    async evaluate(options: { people?: number } = {}): Promise<EvaluationRun> {
      try {
        const started = performance.now();
        const result = await evaluate(deps.db.orm, await siteFigures(), {
          people: options.people ?? 300,
          k: 10,
        });
        const durationMs = performance.now() - started;
        const run = await store.saveRun(deps.db.orm, 'evaluation', weights.version, durationMs, result);
        return {
          id: run.id,
          createdAt: new Date(run.createdAt).toISOString(),
          weightsVersion: weights.version,
          durationMs,
          ...result,
        };
      } finally {
        await store.markEvaluation(false);
      }
    },

    /** The recorded evaluations, newest first. */
    async evaluations(): Promise<EvaluationList> {
      const [runs, pending] = await Promise.all([store.runs('evaluation', 30), store.evaluationPending()]);
      return {
        pending,
        runs: runs.map((run) => ({
          id: run.id,
          createdAt: new Date(run.createdAt).toISOString(),
          weightsVersion: run.weightsVersion,
          durationMs: run.durationMs,
          ...(run.details as Omit<EvaluationRun, 'id' | 'createdAt' | 'weightsVersion' | 'durationMs'>),
        })),
      };
    },

    /** Marks an evaluation as asked for, until the job that runs it finishes. */
    async requestEvaluation() {
      await store.markEvaluation(true);
    },

    /** Deletes impressions past their days and old visits. */
    async sweep() {
      return deleteOldRows(deps.db.orm, recommendationLimits.impressionDays);
    },
  };
}
export type RecommendationService = ReturnType<typeof createRecommendationService>;
