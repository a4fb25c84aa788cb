import { sql } from 'drizzle-orm';
import type { CardFields } from '../../contracts/cards.ts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  jsonb,
  index,
  integer,
  pgTable,
  date,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** One row per page view the web app reports; no IP address or user identifier is stored. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    path: text().notNull(),
    referrer: text(),
    viewportWidth: integer().notNull(),
    signedIn: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_created_at_idx').on(table.createdAt)],
);

/** Requests filed through the customer-support form; `reference` is what the person is told. */
export const supportTickets = pgTable('support_tickets', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  reference: text().notNull().unique(),
  name: text().notNull(),
  email: text().notNull(),
  topic: text().notNull(),
  message: text().notNull(),
  status: text().notNull().default('open'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Identity tables, in the shape the identity library (better-auth) reads and writes through its Drizzle adapter.
// Its field names are camelCase here and snake_case in SQL; the adapter addresses them by these keys.

/** People with an account. `role` and the ban fields belong to the library's admin plugin. */
export const users = pgTable('users', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  role: text().notNull().default('user'),
  banned: boolean().notNull().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  twoFactorEnabled: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in sessions; the cookie carries `token`. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Ways to sign in to a user: the password (`providerId` = 'credential') and linked providers. */
export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** One-time codes behind email action links (reset, sign-in link, email change…). */
export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Authenticator-app (TOTP) secrets and backup codes, both encrypted by the identity library. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean().notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('two_factors_user_id_idx').on(table.userId),
    index('two_factors_secret_idx').on(table.secret),
  ],
);

/** Rate-limit counters shared by every app instance (keyed by client address and endpoint). */
export const rateLimits = pgTable('rate_limits', {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/** Mail kept by the development outbox when no SMTP server is configured. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    links: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_created_at_idx').on(table.createdAt)],
);

/**
 * The seed's user profile, one per user, keyed by the seed's document key (for our accounts, the user id).
 * Counters change in the same transaction as the rows they count.
 */
export const profiles = pgTable('profiles', {
  key: text().primaryKey(),
  userId: text()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text().notNull().unique(),
  displayName: text(),
  email: text(),
  photoURL: text('photo_url'),
  rank: text().notNull().default('B'),
  bio: text().notNull().default(''),
  phoneNumber: text(),
  country: text(),
  following: integer().notNull().default(0),
  followers: integer().notNull().default(0),
  cards: integer().notNull().default(0),
  likes: integer().notNull().default(0),
  isSubscribed: boolean().notNull().default(false),
  subscribedUntil: timestamp({ withTimezone: true }),
  /** Sum of the reputation ledger (with the daily cap on likes); `rank` is derived from it. */
  reputation: integer().notNull().default(0),
  /** When true, only the owner sees the follower and following counts and lists. */
  hideFollowCounts: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Who follows whom. A profile never follows itself. */
export const follows = pgTable(
  'follows',
  {
    followerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    followeeKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerKey, table.followeeKey] }),
    index('follows_followee_idx').on(table.followeeKey),
    check('follows_not_self', sql`${table.followerKey} <> ${table.followeeKey}`),
  ],
);

/** Who blocks whom: a blocked profile can't follow or message the blocker, whose views leave it out. */
export const blocks = pgTable(
  'blocks',
  {
    blockerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    blockedKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerKey, table.blockedKey] }),
    index('blocks_blocked_idx').on(table.blockedKey),
    check('blocks_not_self', sql`${table.blockerKey} <> ${table.blockedKey}`),
  ],
);

/** Reports of a user, kept for the administrators to review. */
export const userReports = pgTable(
  'user_reports',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reporterKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    reportedKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    reason: text().notNull(),
    details: text().notNull().default(''),
    status: text().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: text(),
    /** The card the report is about, when it was filed from a card page. */
    cardId: uuid().references((): AnyPgColumn => cards.id, { onDelete: 'set null' }),
    /** The chat message the report is about, when it was filed from Confer. */
    messageId: uuid().references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** The blog comment the report is about, when it was filed from a post. */
    blogCommentId: uuid().references((): AnyPgColumn => blogComments.id, { onDelete: 'set null' }),
  },
  (table) => [index('user_reports_status_created_idx').on(table.status, table.createdAt)],
);

/**
 * The reputation ledger: one row per event. `day` is the day the points count towards (an unlike counts on
 * the day of the like it takes back), so the daily cap on likes gives the same total in any order.
 * `sourceId` makes an event idempotent (one "new follower" per follower, one like per like).
 */
export const reputationEvents = pgTable(
  'reputation_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    kind: text().notNull(),
    points: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    sourceId: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reputation_events_profile_day_idx').on(table.profileKey, table.day),
    uniqueIndex('reputation_events_source_idx')
      .on(table.profileKey, table.kind, table.sourceId)
      .where(sql`${table.sourceId} is not null`),
  ],
);

/** Premium subscriptions, granted by an administrator or bought through Stripe. */
export const subscriptions = pgTable('subscriptions', {
  profileKey: text()
    .primaryKey()
    .references(() => profiles.key, { onDelete: 'cascade' }),
  source: text().notNull(),
  status: text().notNull(),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  stripeCustomerId: text(),
  stripeSubscriptionId: text().unique(),
  grantedBy: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already applied, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Metadata of the content-addressed file store (the bytes live on disk under `DATA_DIR/files`). */
export const storedFiles = pgTable('stored_files', {
  hash: text().primaryKey(),
  contentType: text().notNull(),
  byteSize: integer().notNull(),
  width: integer(),
  height: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Type-specific fields of a card, as the cards contract defines them. */
export type { CardFields };

/** A typed link the author added in the builder. */
export type TypedLink = { targetId: string; kind: string };

/**
 * Cards, with their live (published) content. A card never published has status 'draft' and its content is
 * the draft's. Edits to a published card wait in `card_drafts` until the next publish. `search_vector` weighs
 * title over tags over body, with accents folded so "Déjà" finds "deja".
 */
/** A listed paper, as the research centre's indexes are limited to (`listedCard` of a paper). */
const listedPaper = sql`type = 'paper' and status = 'published' and visibility = 'public' and deleted_at is null`;

export const cards = pgTable(
  'cards',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    authorKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull().default(''),
    type: text().notNull().default('note'),
    fields: jsonb().$type<CardFields>().notNull().default({}),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverURL: text('cover_url'),
    visibility: text().notNull().default('public'),
    status: text().notNull().default('draft'),
    forkOfId: uuid().references((): AnyPgColumn => cards.id, { onDelete: 'set null' }),
    likes: integer().notNull().default(0),
    remixes: integer().notNull().default(0),
    views: integer().notNull().default(0),
    trendingScore: doublePrecision().notNull().default(0),
    /**
     * How many people have the paper in their reading queue (papers only; 0 for other cards). Kept by triggers
     * on `research_queue` (migration 0022), so the research centre can walk its papers in readers' order.
     */
    readers: integer().notNull().default(0),
    /** The latest published version; 0 before the first publish. */
    version: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
    /** Set by delete; the card can be restored for a short while, then the sweep removes it. */
    deletedAt: timestamp({ withTimezone: true }),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', cardweb_unaccent(title)), 'A') || setweight(to_tsvector('simple', cardweb_tags_text(tags)), 'B') || setweight(to_tsvector('english', cardweb_unaccent(body)), 'C')`,
    ),
    /**
     * The title and tags part of `search_vector` on its own (a few dozen bytes, stored in the row): search
     * finds, tests and ranks title and tag matches with it and never reads the large body vector for them.
     */
    searchHead: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', cardweb_unaccent(title)), 'A') || setweight(to_tsvector('simple', cardweb_tags_text(tags)), 'B')`,
    ),
  },
  (table) => [
    index('cards_author_updated_idx').on(table.authorKey, table.updatedAt),
    index('cards_public_new_idx')
      .on(table.publishedAt.desc(), table.id.desc())
      .where(sql`status = 'published' and visibility = 'public' and deleted_at is null`),
    index('cards_public_trending_idx')
      .on(table.trendingScore.desc(), table.id.desc())
      .where(sql`status = 'published' and visibility = 'public' and deleted_at is null`),
    // Every search reads the GIN "pending list" of entries not yet merged into the index, and every trending
    // update of a card adds its entries there again (the score is indexed, so the update cannot be HOT): a
    // small list keeps that read short (256 kB, not 4 MB).
    index('cards_search_idx').using('gin', table.searchVector).with({ gin_pending_list_limit: 256 }),
    // Title and tags only, for listed cards: search ranks these matches first without reading every card that
    // merely mentions a word in its body (see explore/). A card's title and tags are a few entries, written
    // straight into the index (no pending list to read on every search).
    index('cards_search_head_idx')
      .using('gin', table.searchHead)
      .with({ fastupdate: false })
      .where(sql`status = 'published' and visibility = 'public' and deleted_at is null`),
    index('cards_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('cards_tags_idx').using('gin', table.tags),
    index('cards_fork_of_idx').on(table.forkOfId),
    // Papers (type 'paper') are found by the keys that deduplicate them and by what cites them; the key
    // functions are in migration 0021 and `server/modules/research/` computes the same keys through them.
    index('cards_paper_doi_idx')
      .on(sql`lower(${table.fields} ->> 'doi')`)
      .where(sql`type = 'paper' and deleted_at is null`),
    index('cards_paper_arxiv_idx')
      .on(sql`cardweb_arxiv_key(${table.fields} ->> 'arxivId')`)
      .where(sql`type = 'paper' and deleted_at is null`),
    index('cards_paper_title_key_idx')
      .on(sql`cardweb_paper_title_key(${table.title}, ${table.fields})`)
      .where(sql`type = 'paper' and deleted_at is null`),
    index('cards_paper_title_norm_idx')
      .on(sql`cardweb_norm_title(${table.title})`)
      .where(sql`type = 'paper' and deleted_at is null`),
    index('cards_paper_citation_key_idx')
      .on(sql`(${table.fields} ->> 'citationKey')`)
      .where(sql`type = 'paper' and deleted_at is null`),
    index('cards_paper_references_idx')
      .using('gin', sql`(${table.fields} -> 'references') jsonb_path_ops`)
      .where(sql`type = 'paper' and deleted_at is null`),
    // The research centre's two orders over listed papers (`cardweb_paper_year` is in migration 0022): the
    // first page of a search walks one of these and stops after a page of matches, instead of sorting them all.
    index('cards_paper_readers_idx')
      .on(
        table.readers.desc(),
        sql`cardweb_paper_year(${table.fields}) desc nulls last`,
        table.title,
        table.id,
      )
      .where(listedPaper),
    index('cards_paper_year_idx')
      .on(sql`cardweb_paper_year(${table.fields}) desc nulls last`, table.title, table.id)
      .where(listedPaper),
    check('cards_type', sql`type in ('note', 'flashcard', 'cloze', 'code', 'paper', 'link')`),
    check('cards_visibility', sql`visibility in ('public', 'unlisted', 'private')`),
    check('cards_status', sql`status in ('draft', 'published')`),
  ],
);

/**
 * Every word of a listed card's title, once (folded as search folds text): typo tolerance looks here for
 * words spelt like the query's, a dictionary of a few thousand words, where a trigram search of the titles
 * themselves reads every card sharing a common trigram. Kept by triggers on `cards` (migration 0014); words
 * are never removed, since a word no title holds any more only costs a look that finds no card.
 */
export const titleWords = pgTable('title_words', { word: text().primaryKey() }, (table) => [
  index('title_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
]);

/**
 * The title and tags index again, as posting lists in rank order: a row for each word of each listed card's
 * title and tags, with the card's first-tier rank for that word alone. For a one-word query search reads the
 * best few cards here instead of ranking every card the word matches (decision 020). Kept by triggers on
 * `cards` (migration 0015); a card leaves it when it stops being listed.
 */
export const searchHeadTerms = pgTable(
  'search_head_terms',
  {
    lexeme: text().notNull(),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    rank: real().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    authorKey: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cardId, table.lexeme] }),
    // Search's order for one word, with the author for the blocks check: read by index-only scans.
    index('search_head_terms_rank_idx').on(
      table.lexeme,
      table.rank.desc(),
      table.publishedAt.desc().nullsLast(),
      table.cardId.desc(),
      table.authorKey,
    ),
  ],
);

/** Unpublished edits of a card: what the builder autosaves. `revision` rejects a save based on an old copy. */
export const cardDrafts = pgTable('card_drafts', {
  cardId: uuid()
    .primaryKey()
    .references(() => cards.id, { onDelete: 'cascade' }),
  title: text().notNull(),
  body: text().notNull(),
  type: text().notNull(),
  fields: jsonb().$type<CardFields>().notNull().default({}),
  tags: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  coverURL: text('cover_url'),
  visibility: text().notNull(),
  typedLinks: jsonb().$type<TypedLink[]>().notNull().default([]),
  revision: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every publish of a card, for its history, diffs and restores. */
export const cardVersions = pgTable(
  'card_versions',
  {
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    type: text().notNull(),
    fields: jsonb().$type<CardFields>().notNull().default({}),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverURL: text('cover_url'),
    typedLinks: jsonb().$type<TypedLink[]>().notNull().default([]),
    /**
     * The card's visibility when this version was published. Others read a version only when it was public
     * or unlisted (decision 014), so text written while the card was private stays private after it opens.
     */
    visibility: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cardId, table.version] }),
    check('card_versions_visibility', sql`visibility in ('public', 'unlisted', 'private')`),
  ],
);

/** Links between cards: `wiki` from `[[Title]]` in the body, or a typed link added in the builder. */
export const cardLinks = pgTable(
  'card_links',
  {
    sourceId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    targetId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.targetId, table.kind] }),
    index('card_links_target_idx').on(table.targetId),
    check(
      'card_links_kind',
      sql`kind in ('wiki', 'cites', 'related', 'prerequisite', 'example-of', 'contradicts')`,
    ),
  ],
);

/** One like per person per card; its id is the reputation ledger's source, so like, unlike, like count right. */
export const cardLikes = pgTable(
  'card_likes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('card_likes_card_profile_idx').on(table.cardId, table.profileKey),
    index('card_likes_profile_idx').on(table.profileKey, table.createdAt),
  ],
);

/** Views, one per viewer (a profile key, or a hashed visitor id) per card per day. */
export const cardViews = pgTable(
  'card_views',
  {
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    viewerKey: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.viewerKey, table.day] })],
);

/** Small facts the app keeps about itself, such as whether the demo content has been seeded. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Play: decks, review state and the review log. All of it private to its owner.

/**
 * A person's deck: a saved selection of cards to study. `sourceKind` says where its cards come from: `tags`
 * (cards with any of `tags`, nested tags included; everyone's public cards or only the owner's, by
 * `tagScope`), `collection` (the cards in `deck_cards`) or `liked` (the cards the owner liked).
 */
export const decks = pgTable(
  'decks',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    sourceKind: text().notNull(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tagScope: text().notNull().default('everyone'),
    includeReversed: boolean().notNull().default(false),
    newPerDay: integer().notNull().default(20),
    reviewsPerDay: integer().notNull().default(200),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('decks_owner_idx').on(table.ownerKey, table.createdAt),
    check('decks_source_kind', sql`source_kind in ('tags', 'collection', 'liked')`),
    check('decks_tag_scope', sql`tag_scope in ('everyone', 'mine')`),
  ],
);

/** The cards of a hand-made collection. */
export const deckCards = pgTable(
  'deck_cards',
  {
    deckId: uuid()
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deckId, table.cardId] }),
    index('deck_cards_card_idx').on(table.cardId),
  ],
);

/** A person's scheduler settings; a person without a row has the defaults of `studyDefaults`. */
export const studySettings = pgTable('study_settings', {
  profileKey: text()
    .primaryKey()
    .references(() => profiles.key, { onDelete: 'cascade' }),
  desiredRetention: real().notNull().default(0.9),
  learningSteps: text()
    .array()
    .notNull()
    .default(sql`'{1m,10m}'::text[]`),
  relearningSteps: text()
    .array()
    .notNull()
    .default(sql`'{10m}'::text[]`),
  maximumIntervalDays: integer().notNull().default(36500),
  burySiblings: boolean().notNull().default(true),
  timeZone: text().notNull().default('UTC'),
  dayStartsAtHour: smallint().notNull().default(4),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's FSRS state for one study item of a card (`main`, `reverse`, `c1`…), in ts-fsrs' own fields.
 * `contentHash` is the item's question and answer when the state was last written: when the card changes
 * that item, its history no longer applies and it starts again as new. Items never studied have no row.
 */
export const reviewStates = pgTable(
  'review_states',
  {
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    itemKey: text().notNull(),
    contentHash: text().notNull(),
    /** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint().notNull().default(0),
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull().default(0),
    difficulty: doublePrecision().notNull().default(0),
    elapsedDays: integer().notNull().default(0),
    scheduledDays: integer().notNull().default(0),
    learningSteps: integer().notNull().default(0),
    reps: integer().notNull().default(0),
    lapses: integer().notNull().default(0),
    lastReview: timestamp({ withTimezone: true }),
    suspended: boolean().notNull().default(false),
    buriedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileKey, table.cardId, table.itemKey] }),
    index('review_states_due_idx').on(table.profileKey, table.due),
    index('review_states_card_idx').on(table.cardId),
  ],
);

/**
 * Every grade, with the state before it in ts-fsrs' `ReviewLog` fields (so parameters can be fitted again
 * later) and `previous`, the whole state row before the grade (null when the item was new), which undo
 * restores. `id` comes from the client, so a grade sent twice is stored once.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid().primaryKey(),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    itemKey: text().notNull(),
    deckId: uuid().references(() => decks.id, { onDelete: 'set null' }),
    rating: smallint().notNull(),
    state: smallint().notNull(),
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull(),
    difficulty: doublePrecision().notNull(),
    elapsedDays: integer().notNull(),
    lastElapsedDays: integer().notNull(),
    scheduledDays: integer().notNull(),
    learningSteps: integer().notNull(),
    review: timestamp({ withTimezone: true }).notNull(),
    durationMs: integer().notNull().default(0),
    previous: jsonb(),
    /** Siblings this grade buried, so undo can bring them back. */
    buried: jsonb().$type<{ cardId: string; itemKey: string }[]>().notNull().default([]),
  },
  (table) => [
    index('review_logs_profile_review_idx').on(table.profileKey, table.review),
    index('review_logs_card_idx').on(table.cardId),
    index('review_logs_deck_idx').on(table.deckId, table.review),
    check('review_logs_rating', sql`rating between 1 and 4`),
  ],
);

/** Finished practice games: best times and scores per deck come from these rows. */
export const gameResults = pgTable(
  'game_results',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    deckId: uuid()
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    game: text().notNull(),
    correct: integer().notNull(),
    total: integer().notNull(),
    elapsedMs: integer().notNull(),
    playedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('game_results_deck_game_idx').on(table.profileKey, table.deckId, table.game),
    check('game_results_game', sql`game in ('multiple-choice', 'match', 'typed')`),
  ],
);

// Confer: chat (see contracts/confer.ts and docs/decisions/009-realtime-chat.md)

/**
 * Channels (public and private), direct and group messages, and each person's assistant conversation.
 * `last_seq` is the conversation's sequence: every new message and every change to one takes the next number,
 * under this row's lock, so numbers follow commit order. `direct_key` (the members' keys, sorted) makes the
 * same people always find the same direct or group conversation.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text().notNull(),
    name: text(),
    topic: text().notNull().default(''),
    ownerKey: text().references(() => profiles.key, { onDelete: 'set null' }),
    directKey: text(),
    lastSeq: bigint({ mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_channel_name_idx')
      .on(table.name)
      .where(sql`kind in ('channel', 'private')`),
    uniqueIndex('conversations_direct_key_idx').on(table.directKey),
    index('conversations_public_idx')
      .on(table.lastMessageAt.desc())
      .where(sql`kind = 'channel' and archived_at is null`),
    check('conversations_kind', sql`kind in ('channel', 'private', 'direct', 'group', 'assistant')`),
    check(
      'conversations_name',
      sql`(kind in ('channel', 'private')) = (name is not null) and (kind in ('direct', 'group', 'assistant')) = (direct_key is not null)`,
    ),
  ],
);

/** Who is in a conversation, and how far each has read (`read_seq`, kept per person across devices). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    role: text().notNull().default('member'),
    readSeq: bigint({ mode: 'number' }).notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.profileKey] }),
    index('conversation_members_profile_idx').on(table.profileKey),
    check('conversation_members_role', sql`role in ('owner', 'member')`),
  ],
);

/**
 * Messages. `seq` is the message's number in its conversation's sequence, `change_seq` the number of its
 * latest change; `client_id` is the sender's idempotency key. A deleted message keeps its row (and place)
 * without its text. `mentions` (profile keys) and `card_ids` are read from the text when it is written.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    changeSeq: bigint({ mode: 'number' }).notNull(),
    authorKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    body: text().notNull(),
    clientId: uuid(),
    threadRootId: uuid().references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
    replyCount: integer().notNull().default(0),
    lastReplyAt: timestamp({ withTimezone: true }),
    mentions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cardIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    fromAssistant: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /** The administrator who removed it, when one did. */
    removedBy: text(),
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', cardweb_unaccent(body))`),
  },
  (table) => [
    uniqueIndex('messages_conversation_seq_idx').on(table.conversationId, table.seq),
    index('messages_conversation_change_idx').on(table.conversationId, table.changeSeq),
    uniqueIndex('messages_author_client_idx').on(table.authorKey, table.clientId),
    index('messages_author_created_idx').on(table.authorKey, table.createdAt),
    index('messages_thread_idx')
      .on(table.threadRootId, table.seq)
      .where(sql`thread_root_id is not null`),
    index('messages_search_idx').using('gin', table.searchVector),
  ],
);

/** One person's reaction on a message: one row per emoji they gave it. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    emoji: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.profileKey, table.emoji] })],
);

/** People an administrator stopped from sending messages, until a time. */
export const chatMutes = pgTable('chat_mutes', {
  profileKey: text()
    .primaryKey()
    .references(() => profiles.key, { onDelete: 'cascade' }),
  until: timestamp({ withTimezone: true }).notNull(),
  reason: text().notNull(),
  mutedBy: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who is connected to which server instance, and how: each instance writes its own rows, renews them while
 * it runs (`seen_at`) and removes them when it stops; rows of an instance that died simply go stale.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: text().notNull(),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    status: text().notNull(),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.profileKey] }),
    index('realtime_presence_profile_idx').on(table.profileKey),
    check('realtime_presence_status', sql`status in ('online', 'away')`),
  ],
);

// Jobs: long work for a person (see contracts/jobs.ts and docs/decisions/011-durable-jobs-pg-boss.md)

/**
 * One row per job a person started. pg-boss (schema `pgboss`) queues and retries the work under the same id;
 * this row is what the person sees: status, progress, the error code or the result. `attempts` is the attempt
 * that owns the row, so a late write from an attempt that was given up on changes nothing.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    kind: text().notNull(),
    status: text().notNull().default('queued'),
    stage: text(),
    done: integer(),
    total: integer(),
    message: text(),
    errorCode: text(),
    result: jsonb(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_owner_created_idx').on(table.ownerKey, table.createdAt.desc()),
    check('jobs_status', sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Recommendations: the For you feed's signals, its visits, the neighbour table and the evaluation runs.

/**
 * Which cards a For you page showed a person, where and from which source: the recommender leaves out cards
 * shown often and never opened, and the debug page computes click and like rates from these rows. One row
 * per card per visit (`feed_id`), so a batch sent twice counts once; the retention sweep deletes rows after
 * 90 days.
 */
export const recommendationImpressions = pgTable(
  'recommendation_impressions',
  {
    feedId: uuid().notNull(),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    source: text().notNull(),
    position: integer().notNull(),
    shownAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.feedId, table.cardId] }),
    index('recommendation_impressions_profile_idx').on(table.profileKey, table.shownAt),
    index('recommendation_impressions_shown_idx').on(table.shownAt),
    index('recommendation_impressions_card_idx').on(table.cardId),
  ],
);

/**
 * "Not interested": in a card (`card`, target a card id), less from an author (`author`, a profile key),
 * less about a tag (`tag`), or no cards at all from an author (`mute`). Undone from Settings.
 */
export const recommendationFeedback = pgTable(
  'recommendation_feedback',
  {
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    kind: text().notNull(),
    target: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileKey, table.kind, table.target] }),
    check('recommendation_feedback_kind', sql`kind in ('card', 'author', 'tag', 'mute')`),
  ],
);

/** A person's settings of the feed: the tilt between people followed and new topics, and the picked tags. */
export const recommendationPreferences = pgTable('recommendation_preferences', {
  profileKey: text()
    .primaryKey()
    .references(() => profiles.key, { onDelete: 'cascade' }),
  tilt: doublePrecision().notNull().default(0),
  tags: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One visit to For you: the ranked list its first page computed, which the following pages read in order, so
 * infinite scroll never shows a card twice however the scores move meanwhile. A person's latest list is served
 * again to their next visits while it is recent and their signals have not changed since it was computed
 * (`signalsVersion`). Deleted after a day.
 */
export const recommendationFeeds = pgTable(
  'recommendation_feeds',
  {
    id: uuid().primaryKey(),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    mode: text().notNull(),
    /** `[{ id, source, reason, page }]` in feed order. */
    entries: jsonb().$type<{ id: string; source: string; reason: string; page: number }[]>().notNull(),
    /** What the first page told the person (signal counts, picked tags), for the later pages to repeat. */
    meta: jsonb().notNull().default({}),
    /** The person's `recommendation_signal_versions.version` when the list was computed. */
    signalsVersion: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recommendation_feeds_created_idx').on(table.createdAt),
    index('recommendation_feeds_profile_idx').on(table.profileKey, table.createdAt),
  ],
);

/**
 * A counter per person that triggers move on whenever something changes that their For you list must reflect
 * at once: a like, a follow, a block either way, "Not interested", the picked topics or the tilt. No foreign
 * key: the triggers also fire while a deleted account's rows cascade away; the daily sweep drops orphans.
 */
export const recommendationSignalVersions = pgTable('recommendation_signal_versions', {
  profileKey: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Item-to-item co-engagement: for each card, the cards most often liked or studied by the same people, with
 * a cosine score. Rebuilt by a scheduled job (into a new table that then takes this one's place), and added
 * to by a trigger on every like (migration 0016). No foreign keys: checking two for each of a million rows
 * doubled the rebuild, and a deleted card's rows are harmless (the feed reads cards through the visibility
 * rules) until the next rebuild drops them.
 */
export const cardNeighbours = pgTable(
  'card_neighbours',
  {
    cardId: uuid().notNull(),
    neighbourId: uuid().notNull(),
    score: doublePrecision().notNull(),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.neighbourId] })],
);

/**
 * Per tag of listed cards: how many cards carry it (the inverse tag frequency of a person's tag affinity) and
 * its most trending cards (the tag source's candidates), so a feed reads a dozen rows instead of searching
 * the cards. Rebuilt with the neighbour table.
 */
export const tagStats = pgTable('tag_stats', {
  tag: text().primaryKey(),
  cards: integer().notNull(),
  pool: uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
});

/**
 * Runs of the recommender's background work: the neighbour table's rebuilds (`neighbours`) and the offline
 * evaluations (`evaluation`), with what each measured in `details`.
 */
export const recommendationRuns = pgTable(
  'recommendation_runs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text().notNull(),
    weightsVersion: text().notNull(),
    durationMs: doublePrecision().notNull(),
    details: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recommendation_runs_kind_idx').on(table.kind, table.createdAt),
    check('recommendation_runs_kind', sql`kind in ('neighbours', 'evaluation')`),
  ],
);

/** What administrators did that touches another person's data, such as viewing their feed's debug page. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    actorKey: text().notNull(),
    action: text().notNull(),
    subjectKey: text(),
    details: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_events_created_idx').on(table.createdAt)],
);

/**
 * A PDF in a person's library. The bytes are in the file store under `fileHash` (never listed in
 * `stored_files`, so the public file route does not serve them); one person holds a given file once.
 */
export const pdfDocuments = pgTable(
  'pdf_documents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    fileHash: text().notNull(),
    fileName: text().notNull(),
    byteSize: integer().notNull(),
    pageCount: integer().notNull(),
    title: text().notNull(),
    authors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    year: integer(),
    doi: text(),
    arxivId: text(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().notNull().default('to-read'),
    lastPage: integer().notNull().default(1),
    /** Where text extraction stands: pending, extracted, no-text (scanned pages) or failed. */
    textStatus: text().notNull().default('pending'),
    paperCardId: uuid().references(() => cards.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pdf_documents_owner_hash_idx').on(table.ownerKey, table.fileHash),
    index('pdf_documents_owner_created_idx').on(table.ownerKey, table.createdAt),
    index('pdf_documents_hash_idx').on(table.fileHash),
    index('pdf_documents_paper_card_idx').on(table.paperCardId),
    check('pdf_documents_status', sql`status in ('to-read', 'reading', 'read')`),
    check('pdf_documents_text_status', sql`text_status in ('pending', 'extracted', 'no-text', 'failed')`),
  ],
);

/** The text of one page of a PDF, for full-text search across a person's library. */
export const pdfPages = pgTable(
  'pdf_pages',
  {
    documentId: uuid()
      .notNull()
      .references(() => pdfDocuments.id, { onDelete: 'cascade' }),
    /** Denormalised from the document: search filters by owner without a join. */
    ownerKey: text().notNull(),
    page: integer().notNull(),
    text: text().notNull(),
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', cardweb_unaccent(text))`),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.page] }),
    index('pdf_pages_search_idx').using('gin', table.searchVector),
    index('pdf_pages_owner_idx').on(table.ownerKey),
  ],
);

/** A person's named groups of PDFs. */
export const pdfCollections = pgTable(
  'pdf_collections',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pdf_collections_owner_name_idx').on(table.ownerKey, sql`lower(${table.name})`)],
);

export const pdfCollectionItems = pgTable(
  'pdf_collection_items',
  {
    collectionId: uuid()
      .notNull()
      .references(() => pdfCollections.id, { onDelete: 'cascade' }),
    documentId: uuid()
      .notNull()
      .references(() => pdfDocuments.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.documentId] }),
    index('pdf_collection_items_document_idx').on(table.documentId),
  ],
);

/** Rectangles of a highlight, in PDF units at scale 1 from the page's top left. */
export type HighlightRect = { x: number; y: number; width: number; height: number };

/**
 * A highlight in a PDF, anchored three ways so it survives any re-render: the page, the quoted text with a
 * little context either side, and its rectangles on the page.
 */
export const pdfHighlights = pgTable(
  'pdf_highlights',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    documentId: uuid()
      .notNull()
      .references(() => pdfDocuments.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    color: text().notNull(),
    quote: text().notNull(),
    prefix: text().notNull().default(''),
    suffix: text().notNull().default(''),
    rects: jsonb().$type<HighlightRect[]>().notNull(),
    note: text(),
    cardId: uuid().references(() => cards.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pdf_highlights_document_idx').on(table.documentId, table.page),
    index('pdf_highlights_card_idx').on(table.cardId),
    check('pdf_highlights_color', sql`color in ('yellow', 'green', 'blue', 'pink', 'purple')`),
  ],
);

/** A person's PDF library choices: whether Make card writes a draft or publishes (asked once). */
export const pdfLibrarySettings = pgTable(
  'pdf_library_settings',
  {
    profileKey: text()
      .primaryKey()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    makeCardAs: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('pdf_library_settings_make_card_as', sql`make_card_as in ('draft', 'published')`)],
);

/**
 * Where a card came from: a highlight in a PDF. The paper's title and citation are copied, so the card keeps
 * them when the PDF or the highlight is deleted.
 */
export const cardSources = pgTable(
  'card_sources',
  {
    cardId: uuid()
      .primaryKey()
      .references(() => cards.id, { onDelete: 'cascade' }),
    documentId: uuid().references(() => pdfDocuments.id, { onDelete: 'set null' }),
    highlightId: uuid().references(() => pdfHighlights.id, { onDelete: 'set null' }),
    page: integer().notNull(),
    paperTitle: text().notNull(),
    citation: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('card_sources_document_idx').on(table.documentId)],
);

// ---------------------------------------------------------------------------------------------------------
// Classroom: courses, their published versions, enrolments, progress, quiz attempts and certificates.

/**
 * A course. Its catalogue fields (title, summary, level, hours, topics) are those of its published version,
 * copied here so the catalogue searches and filters one table; the content itself is in `course_versions`.
 * A course without a published version is a draft: 404 to learners.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text().notNull(),
    /** Who created it; instructors are in `course_instructors`. */
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    title: text().notNull(),
    summary: text().notNull(),
    level: text().notNull(),
    estimatedHours: doublePrecision().notNull(),
    topics: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverURL: text(),
    lessonCount: integer().notNull().default(0),
    /** The version learners take; null while the course is a draft. */
    publishedVersion: integer(),
    /** Its private Confer channel, which enrolling joins; made at the first enrolment. */
    channelId: uuid().references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('courses_slug_idx').on(table.slug),
    check('courses_level', sql`level in ('beginner', 'intermediate', 'advanced')`),
  ],
);

/**
 * A version of a course's content, whole: the course, its lessons in order with their quizzes, and the ids of
 * the cards each lesson teaches (`contracts/classroom.ts` `courseContentSchema`). Published versions are never
 * changed; learners follow the published one.
 */
export const courseVersions = pgTable(
  'course_versions',
  {
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    content: jsonb().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => profiles.key, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.number] })],
);

/** The people who teach a course: they edit it, publish versions and see its class view. */
export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.profileKey] }),
    index('course_instructors_profile_idx').on(table.profileKey),
  ],
);

/**
 * A person taking a course. Leaving sets `left_at` (the class view lists who left); their progress, deck and
 * certificate stay for when they come back, and enrolling again clears it.
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    enrolledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The lesson they opened last: where "Continue" takes them. */
    lastLesson: text(),
    /** Their Play deck of the course's cards, made when they enrolled; review goes on after the course. */
    deckId: uuid().references(() => decks.id, { onDelete: 'set null' }),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    /** When they left; null while enrolled. */
    leftAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.profileKey] }),
    index('course_enrolments_profile_idx').on(table.profileKey, table.lastActiveAt),
  ],
);

/** A person's progress in one lesson of a course. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    lesson: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.profileKey, table.lesson] })],
);

/**
 * Every answer a person gave to a quiz question: which variant they were asked, what they answered, whether it
 * was right. The variant of their next attempt, and the class view's hardest questions, come from these rows.
 */
export const questionAttempts = pgTable(
  'question_attempts',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    lesson: text().notNull(),
    question: text().notNull(),
    variant: integer().notNull(),
    answer: jsonb().notNull(),
    correct: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('question_attempts_person_idx').on(
      table.courseId,
      table.profileKey,
      table.lesson,
      table.question,
      table.createdAt,
    ),
  ],
);

/**
 * A certificate of completion, public at `/classroom/certificates/:id`. The names are copied so it reads as it
 * was issued; it goes with the account.
 */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: text().primaryKey(),
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    version: integer().notNull(),
    holderName: text().notNull(),
    courseTitle: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('course_certificates_person_idx').on(table.courseId, table.profileKey)],
);

/**
 * People with the instructor role, which administrators give (administrators count as instructors without a
 * row). Taking it away keeps them in the courses they teach: it only stops them from starting new ones.
 */
export const instructorGrants = pgTable('instructor_grants', {
  profileKey: text()
    .primaryKey()
    .references(() => profiles.key, { onDelete: 'cascade' }),
  grantedBy: text().references(() => profiles.key, { onDelete: 'set null' }),
  grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The course being written, whole (`contracts/classroom-authoring.ts` `courseDraftContentSchema`): one per
 * course, saved over as its instructors edit it; publishing copies it into a new `course_versions` row.
 * `updated_at` is what a save names back, so a save over someone else's is refused.
 */
export const courseDrafts = pgTable('course_drafts', {
  courseId: uuid()
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  content: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: text().references(() => profiles.key, { onDelete: 'set null' }),
});

/**
 * A person's reading queue in the research home: papers to read, being read and read, with when each step
 * happened and a priority (1 high, 2 normal, 3 low). Who queued what also gives "how many read it" and
 * co-reading (people who queued one paper queued the other).
 */
export const researchQueue = pgTable(
  'research_queue',
  {
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    status: text().notNull().default('to-read'),
    priority: smallint().notNull().default(2),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.profileKey, table.cardId] }),
    index('research_queue_card_idx').on(table.cardId, table.profileKey),
    check('research_queue_status', sql`status in ('to-read', 'reading', 'read')`),
    check('research_queue_priority', sql`priority between 1 and 3`),
  ],
);

/**
 * A person's note on a paper (Markdown), one per paper. Always private: it shows only to its owner, and
 * "Publish as card" copies it into a card of theirs (`published_card_id`) that others may read.
 */
export const researchNotes = pgTable(
  'research_notes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    paperCardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    body: text().notNull().default(''),
    publishedCardId: uuid().references(() => cards.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('research_notes_owner_paper_idx').on(table.ownerKey, table.paperCardId)],
);

/** A research project: a named question and the papers that bear on it. Only its owner sees it. */
export const researchProjects = pgTable(
  'research_projects',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    title: text().notNull(),
    question: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('research_projects_owner_idx').on(table.ownerKey, table.updatedAt)],
);

/** A paper in a project, in the project's order, with the owner's annotation for the bibliography. */
export const researchProjectPapers = pgTable(
  'research_project_papers',
  {
    projectId: uuid()
      .notNull()
      .references(() => researchProjects.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    annotation: text().notNull().default(''),
    position: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.cardId] }),
    index('research_project_papers_card_idx').on(table.cardId),
  ],
);

/**
 * A topic of the research centre, kept by editors: an introduction, and the tags that bring public paper
 * cards into it. `courses` are classroom course slugs it leads to; `links` other places (Play).
 */
export const researchTopics = pgTable(
  'research_topics',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text().notNull(),
    title: text().notNull(),
    introduction: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    courses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: jsonb().$type<{ label: string; href: string }[]>().notNull().default([]),
    createdBy: text().references(() => profiles.key, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('research_topics_slug_idx').on(table.slug)],
);

/** A curated reading list of a topic, in the topic's order. */
export const researchLists = pgTable(
  'research_lists',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    topicId: uuid()
      .notNull()
      .references(() => researchTopics.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    position: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('research_lists_topic_slug_idx').on(table.topicId, table.slug)],
);

/** A paper on a reading list, in order, with the editor's note on why to read it. */
export const researchListItems = pgTable(
  'research_list_items',
  {
    listId: uuid()
      .notNull()
      .references(() => researchLists.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    note: text().notNull().default(''),
    position: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.cardId] }),
    index('research_list_items_card_idx').on(table.cardId),
  ],
);

/** People with the editor role of the research centre, which administrators give (administrators are editors). */
export const researchEditors = pgTable('research_editors', {
  profileKey: text()
    .primaryKey()
    .references(() => profiles.key, { onDelete: 'cascade' }),
  grantedBy: text().references(() => profiles.key, { onDelete: 'set null' }),
  grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A person's research settings: the citation style their citations and reference lists use. */
export const researchPreferences = pgTable(
  'research_preferences',
  {
    profileKey: text()
      .primaryKey()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    citationStyle: text().notNull().default('apa'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('research_preferences_style', sql`citation_style in ('apa', 'ieee', 'chicago', 'harvard')`)],
);

/**
 * Questions put to Ask the library with a language model: they count against the same daily allowance as the
 * card assistant's (the plan's `assistantRequestsPerDay`).
 */
export const researchQuestions = pgTable(
  'research_questions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    projectId: uuid().references(() => researchProjects.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('research_questions_profile_idx').on(table.profileKey, table.createdAt)],
);

/**
 * A person's series of blog posts: posts in a series are read in `series_position` order with links between
 * them. The slug is global so `/blog?series=` names one series.
 */
export const blogSeries = pgTable(
  'blog_series',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    authorKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    slug: text().notNull().unique(),
    title: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('blog_series_author_title_idx').on(table.authorKey, sql`lower(${table.title})`)],
);

/**
 * A blog post as readers see it: the columns hold the live (last published) text, empty until the first
 * publish. The author's working copy is `blog_post_drafts`, so editing a published post never changes what
 * readers see until the author publishes the update. `slug` is the current address; earlier ones are in
 * `blog_slug_redirects`.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    authorKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    slug: text().unique(),
    title: text().notNull().default(''),
    body: text().notNull().default(''),
    excerpt: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    coverURL: text('cover_url'),
    coverAlt: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seriesId: uuid().references(() => blogSeries.id, { onDelete: 'set null' }),
    seriesPosition: integer(),
    readingMinutes: integer().notNull().default(0),
    status: text().notNull().default('draft'),
    /** When a scheduled post goes live; a durable job publishes it then. */
    scheduledFor: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    /** When the live text last changed (the feeds' and sitemap's `updated`). */
    liveUpdatedAt: timestamp({ withTimezone: true }),
    featured: boolean().notNull().default(false),
    likes: integer().notNull().default(0),
    comments: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', cardweb_unaccent(title)), 'A') || setweight(to_tsvector('simple', cardweb_tags_text(tags)), 'B') || setweight(to_tsvector('english', cardweb_unaccent(excerpt)), 'B') || setweight(to_tsvector('english', cardweb_unaccent(body)), 'C')`,
    ),
  },
  (table) => [
    index('blog_posts_published_idx')
      .on(table.publishedAt.desc(), table.id.desc())
      .where(sql`status = 'published'`),
    index('blog_posts_author_idx').on(table.authorKey, table.publishedAt.desc()),
    index('blog_posts_tags_idx').using('gin', table.tags),
    index('blog_posts_series_idx').on(table.seriesId, table.seriesPosition),
    index('blog_posts_search_idx').using('gin', table.searchVector),
    check('blog_posts_status', sql`status in ('draft', 'scheduled', 'published')`),
  ],
);

/** The author's working copy of a post; every autosave writes it and bumps `revision`. */
export const blogPostDrafts = pgTable('blog_post_drafts', {
  postId: uuid()
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  slug: text().notNull(),
  title: text().notNull(),
  body: text().notNull(),
  excerpt: text().notNull().default(''),
  seoDescription: text().notNull().default(''),
  coverURL: text('cover_url'),
  coverAlt: text().notNull().default(''),
  tags: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The series by title; publishing finds or makes the author's series of that title. */
  seriesTitle: text(),
  /** Bumped by every save; a save names the revision it was made over (a second tab cannot overwrite). */
  revision: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Snapshots of a post's working copy: on publish, schedule and restore, and every few minutes of editing. */
export const blogPostRevisions = pgTable(
  'blog_post_revisions',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    reason: text().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    excerpt: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    coverURL: text('cover_url'),
    coverAlt: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seriesTitle: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.number] }),
    check(
      'blog_post_revisions_reason',
      sql`reason in ('autosave', 'published', 'scheduled', 'restored', 'agent')`,
    ),
  ],
);

/** A post's earlier addresses: `/blog/:old` answers 301 to the current slug. */
export const blogSlugRedirects = pgTable('blog_slug_redirects', {
  slug: text().primaryKey(),
  postId: uuid()
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One like per person per post. */
export const blogPostLikes = pgTable(
  'blog_post_likes',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.profileKey] })],
);

/**
 * Comments on posts, threaded by `parentId`. A deleted comment keeps its row (its replies stay in place) with
 * `deletedAt` set and its text no longer shown.
 */
export const blogComments = pgTable(
  'blog_comments',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    authorKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => blogComments.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /** Set when an administrator removed it (shown as "Removed by a moderator"). */
    removedBy: text(),
  },
  (table) => [index('blog_comments_post_idx').on(table.postId, table.createdAt)],
);

/**
 * A blog-builder session: the chosen source cards, then the outline, the draft and every revision of it as
 * versions (`blog_builder_versions`). What a step produced is saved as it arrives, so a model that fails
 * mid-step leaves what it had drafted.
 */
export const blogBuilderSessions = pgTable(
  'blog_builder_sessions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    sourceCardIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** `BuilderOutline` (contracts/blog-builder.ts), null before the outline step. */
    outline: jsonb(),
    /** The post the session was opened as in the editor, once it was. */
    postId: uuid().references(() => blogPosts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('blog_builder_sessions_owner_idx').on(table.ownerKey, table.updatedAt)],
);

/** Each draft of a session: the first draft is version 1, every revision by instruction adds one. */
export const blogBuilderVersions = pgTable(
  'blog_builder_versions',
  {
    sessionId: uuid()
      .notNull()
      .references(() => blogBuilderSessions.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    /** What asked for it: null for the first draft, else the revision instruction. */
    instruction: text(),
    /** The section the instruction was about, or null for the whole post. */
    sectionIndex: integer(),
    /** `BuilderDraft` (contracts/blog-builder.ts). */
    draft: jsonb().notNull(),
    /** `'model'` or `'composer'`; `complete` is false when the model stopped before the end. */
    mode: text().notNull(),
    complete: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.number] })],
);

/**
 * Every step of the agent that called the language model, with its token use: the daily allowance counts
 * these together with the card assistant's and Ask the library's requests (the plan's `assistantRequestsPerDay`).
 */
export const blogBuilderRuns = pgTable(
  'blog_builder_runs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    sessionId: uuid().references(() => blogBuilderSessions.id, { onDelete: 'set null' }),
    step: text().notNull(),
    promptTokens: integer().notNull().default(0),
    completionTokens: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('blog_builder_runs_profile_idx').on(table.profileKey, table.createdAt),
    check('blog_builder_runs_step', sql`step in ('outline', 'draft', 'revise')`),
  ],
);

/** Archives a person uploaded to the repository extractor; the bytes are in the file store under `sha256`. */
export const extractorUploads = pgTable(
  'extractor_uploads',
  {
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    sha256: text().notNull(),
    name: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerKey, table.sha256] })],
);

/**
 * A document the extractor wrote, shared by every extraction of the same source, commit and options (the
 * cache): the key is a hash of those. Its parts are in `extraction_parts`. Removed once no extraction names it.
 */
export const extractionResults = pgTable('extraction_results', {
  key: text().primaryKey(),
  /** `RepositorySummary` (contracts/extractor.ts). */
  summary: jsonb().notNull(),
  /** The secrets found, at most `extractorLimits.secretsListed`, and how many in all. */
  secrets: jsonb().notNull(),
  secretCount: integer().notNull(),
  /** The repository's modules and its README's opening (`StoredModules`), for module cards. */
  modules: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const extractionParts = pgTable(
  'extraction_parts',
  {
    resultKey: text()
      .notNull()
      .references(() => extractionResults.key, { onDelete: 'cascade' }),
    index: integer().notNull(),
    text: text().notNull(),
    tokens: integer().notNull(),
    chars: integer().notNull(),
    files: integer().notNull(),
    firstFile: text(),
    lastFile: text(),
  },
  (table) => [primaryKey({ columns: [table.resultKey, table.index] })],
);

/**
 * A person's extraction of a repository or archive: their history. It runs as the person job `jobId`, whose row
 * says how it goes; `status` keeps the outcome once that row is swept away.
 */
export const extractions = pgTable(
  'extractions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKey: text()
      .notNull()
      .references(() => profiles.key, { onDelete: 'cascade' }),
    jobId: uuid().notNull(),
    /** `ExtractionSource` (contracts/extractor.ts), never with a token. */
    source: jsonb().notNull(),
    mode: text().notNull(),
    /** `ExtractionOptions`. */
    options: jsonb().notNull(),
    status: text().notNull().default('queued'),
    errorCode: text(),
    ref: text(),
    commit: text(),
    /** Diff mode: the commit compared with, pinned like `commit` once resolved. */
    baseCommit: text(),
    bytesRead: bigint({ mode: 'number' }).notNull().default(0),
    /** `ExtractionPreview`, for a preview. */
    preview: jsonb(),
    resultKey: text().references(() => extractionResults.key, { onDelete: 'set null' }),
    cached: boolean().notNull().default(false),
    /** The cards made of its modules (`ExtractionCard[]`): [] while they are being made, null before. */
    cards: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('extractions_owner_created_idx').on(table.ownerKey, table.createdAt.desc()),
    index('extractions_result_idx').on(table.resultKey),
    check('extractions_mode', sql`mode in ('preview', 'document')`),
    check('extractions_status', sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);
