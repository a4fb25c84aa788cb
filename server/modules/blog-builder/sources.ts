// The sources panel's pure parts: what the model would read of a card, and card ids in pasted text.

/** Tokens the model would read for a card, estimated as characters / 4 of its title and body, rounded up. */
export function estimateTokens(card: { title: string; body: string }): number {
  return Math.ceil((card.title.length + card.body.length) / 4);
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const cardRef = new RegExp(`(?:/cards/)?\\b(${uuid})\\b`, 'gi');

/** The card ids in pasted text, from `/cards/<id>` links (any host) or bare ids, in order, each once, lower case. */
export function cardIdsInText(text: string): string[] {
  return [...new Set([...text.matchAll(cardRef)].map((match) => match[1]!.toLowerCase()))];
}
