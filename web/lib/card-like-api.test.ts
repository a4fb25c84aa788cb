import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '../test/api-stub.ts';
import { fetchCardLike } from './card-like-api.ts';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'] as const;

describe('asking whether cards are liked', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks about the cards requested together in one request, and answers null for one it may not read', async () => {
    const { requests, fetchMock } = stubApi({
      'GET /api/cards/likes': { items: [{ id: ids[0], liked: true, likes: 3 }] },
    });
    const answers = await Promise.all([fetchCardLike(ids[0]), fetchCardLike(ids[1]), fetchCardLike(ids[0])]);
    expect(answers).toEqual([{ liked: true, likes: 3 }, null, { liked: true, likes: 3 }]);
    expect(requests('GET /api/cards/likes')).toHaveLength(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/cards/likes?ids=${ids[0]},${ids[1]}`);
  });

  it('asks again for cards requested later, and passes a refusal to every card of its request', async () => {
    const { requests } = stubApi({
      'GET /api/cards/likes': () => errorResponse(401, 'auth/unauthenticated', 'Sign in first.'),
    });
    const first = fetchCardLike(ids[0]);
    const second = fetchCardLike(ids[1]);
    await expect(first).rejects.toThrow('Sign in first.');
    await expect(second).rejects.toThrow('Sign in first.');
    await expect(fetchCardLike(ids[0])).rejects.toThrow();
    expect(requests('GET /api/cards/likes')).toHaveLength(2);
  });
});
