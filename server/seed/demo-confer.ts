import { linkedCardIds, type ReactionEmoji } from '../../contracts/confer.ts';
import type { Orm } from '../db/client.ts';
import { createConferRepository } from '../modules/confer/index.ts';
import { createSeedRepository } from './repository.ts';

/** A demo message: `{{Card title}}` stands for that demo card's `/cards/<id>` link (an embed in Confer). */
type DemoMessage = {
  from: string;
  text: string;
  reactions?: [ReactionEmoji, ...string[]][];
  thread?: { from: string; text: string }[];
};

type DemoChannel = { name: string; topic: string; owner: string; messages: DemoMessage[] };

/**
 * Public channels where the demo authors talk about their cards, so a newcomer sees what Confer is for: sharing
 * a card (it shows as an embed), a question answered in a thread, reactions.
 */
export const demoChannels: DemoChannel[] = [
  {
    name: 'recommenders',
    topic: 'Recommender systems: retrieval, ranking, evaluation. Share the cards you lean on.',
    owner: 'ada_l',
    messages: [
      {
        from: 'ada_l',
        text: 'Wrote up how confidence weights work in implicit ALS, since it keeps coming up at work: {{Confidence weights in implicit ALS}}',
        reactions: [
          ['👍', 'jonas_b', 'ravi_k'],
          ['💡', 'mei_chen'],
        ],
        thread: [
          {
            from: 'jonas_b',
            text: 'Do you tune alpha per dataset, or is 40 from the paper good enough to start?',
          },
          {
            from: 'ada_l',
            text: 'Start at 40 and sweep it on a held-out week; the ranking metrics move a lot. {{Offline evaluation with recall@k and NDCG}}',
          },
          { from: 'jonas_b', text: 'Makes sense, thanks. Sweeping it tonight.' },
        ],
      },
      {
        from: 'jonas_b',
        text: 'For the candidate side, this is the SQL we run before any model: {{Item-to-item co-occurrence in SQL}}',
        reactions: [['🔥', 'ada_l']],
      },
      {
        from: 'ravi_k',
        text: 'How do people handle brand-new items? {{The cold-start problem}} lists the options but I am curious what you actually ship.',
        thread: [
          {
            from: 'ada_l',
            text: 'Content embeddings for the first days, then blend in the collaborative signal. A little exploration helps: {{Exploration and exploitation with multi-armed bandits}}',
          },
        ],
      },
    ],
  },
  {
    name: 'learning-science',
    topic: 'Spacing, retrieval practice, schedulers: how to remember what you write down.',
    owner: 'sofia_m',
    messages: [
      {
        from: 'sofia_m',
        text: 'If you read one card before starting to review, make it this one: {{Spaced repetition}}',
        reactions: [
          ['❤️', 'tom_okafor', 'mei_chen'],
          ['👍', 'ravi_k'],
        ],
      },
      {
        from: 'tom_okafor',
        text: 'I wrote a small scheduler to understand SM-2 properly: {{An SM-2 scheduler in TypeScript}}. Is FSRS worth switching to?',
        thread: [
          {
            from: 'sofia_m',
            text: 'For a big deck, yes: it models stability and difficulty separately. {{FSRS: stability, difficulty and retrievability}}',
          },
          { from: 'tom_okafor', text: 'Good summary, that answers it. 🙏' },
        ],
      },
      {
        from: 'mei_chen',
        text: 'Interleaving algorithm problems felt awful at first, and this explains why: {{Why interleaving feels harder than it is}}',
        reactions: [['🤔', 'sofia_m']],
      },
    ],
  },
  {
    name: 'algorithms',
    topic: 'Data structures and algorithms, one card at a time.',
    owner: 'mei_chen',
    messages: [
      {
        from: 'mei_chen',
        text: "A card a day this week: {{Dijkstra's shortest-path algorithm}}, then {{Binary heaps and priority queues}} for the queue it needs.",
        reactions: [['🎉', 'tom_okafor', 'jonas_b']],
        thread: [
          {
            from: 'tom_okafor',
            text: 'And the typed version, if you want to try it in code: {{A generic binary heap in TypeScript}}',
          },
        ],
      },
      {
        from: 'ravi_k',
        text: 'Does anyone have a clear card on why comparison sorting cannot beat n log n?',
        thread: [{ from: 'mei_chen', text: 'Here: {{The lower bound for comparison sorting}}' }],
      },
    ],
  },
];

/** `{{Title}}` placeholders replaced by the cards' paths; an unknown title is a mistake in the data above. */
export function demoMessageText(text: string, cardIdOf: (title: string) => string | undefined): string {
  return text.replace(/\{\{([^}]+)\}\}/g, (_, title: string) => {
    const id = cardIdOf(title);
    if (!id) throw new Error(`The demo channels name a card that is not a demo card: ${title}`);
    return `/cards/${id}`;
  });
}

/**
 * Creates the demo channels with their messages, threads and reactions, and adds every demo author to them.
 * A channel that exists already is left as it is, so running again adds nothing.
 */
export async function seedDemoChannels(
  orm: Orm,
  keyOf: (handle: string) => string,
  cardIdOf: (title: string) => string | undefined,
): Promise<number> {
  const confer = createConferRepository(orm);
  const seed = createSeedRepository(orm);
  let made = 0;
  for (const channel of demoChannels) {
    if (await seed.channelExists(channel.name)) continue;
    const result = await confer.createChannel({
      kind: 'channel',
      name: channel.name,
      topic: channel.topic,
      ownerKey: keyOf(channel.owner),
    });
    if (!('created' in result)) continue;
    const conversationId = result.created.id;
    const people = new Set(
      channel.messages.flatMap((message) => [
        message.from,
        ...(message.reactions ?? []).flatMap(([, ...who]) => who),
        ...(message.thread ?? []).map((reply) => reply.from),
      ]),
    );
    await confer.addMembers(
      conversationId,
      [...people].map((handle) => keyOf(handle)),
    );
    const post = async (from: string, text: string, threadRootId: string | null) => {
      const body = demoMessageText(text, cardIdOf);
      const inserted = await confer.insertMessage({
        conversationId,
        authorKey: keyOf(from),
        body,
        clientId: null,
        threadRootId,
        mentions: [],
        // Paths alone are the site's own links, whatever its address.
        cardIds: linkedCardIds(body, 'http://localhost'),
      });
      if (!('id' in inserted)) throw new Error('A demo message was not stored');
      return inserted.id;
    };
    for (const message of channel.messages) {
      const id = await post(message.from, message.text, null);
      for (const [emoji, ...who] of message.reactions ?? [])
        for (const handle of who)
          await confer.changeMessage(conversationId, id, (tx) =>
            confer.setReaction(tx, id, keyOf(handle), emoji, true),
          );
      for (const reply of message.thread ?? []) await post(reply.from, reply.text, id);
    }
    made++;
  }
  return made;
}
