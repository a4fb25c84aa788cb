import { describe, expect, it } from 'vitest';
import { reputationSummarySchema } from '../../../contracts/reputation.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { createReputationRepository } from './repository.ts';

describe('reputation and rank', () => {
  const context = setupTestApp({ ADMIN_EMAILS: 'moderator@example.org' });
  const { signUp, request } = people(context, '192.0.2');
  const repository = () => createReputationRepository(context.db.orm);
  const summaryOf = async (person: Person) =>
    reputationSummarySchema.parse((await request('GET', '/api/profiles/me/reputation', person)).json());

  it('earns 2 points for a new follower, once per follower', async () => {
    const star = await signUp('Reputable');
    const fan = await signUp('Fickle fan');
    for (const method of ['PUT', 'DELETE', 'PUT', 'DELETE', 'PUT'] as const)
      await request(method, `/api/profiles/${star.id}/follow`, fan);
    const summary = await summaryOf(star);
    expect(summary).toMatchObject({ reputation: 2, rank: 'B', next: { rank: 'A', from: 200 } });
    expect(summary.events).toEqual([expect.objectContaining({ kind: 'new-follower', points: 2 })]);
  });

  it('keeps the cached reputation equal to the ledger under concurrent likes, with the daily cap', async () => {
    const author = await signUp('Liked author');
    const days = ['2026-11-01', '2026-11-02'];
    const events = [];
    for (let i = 0; i < 60; i++) {
      const day = days[i % 2]!;
      events.push({
        profileKey: author.id,
        kind: 'card-liked' as const,
        points: 10,
        day,
        sourceId: `like-${i}`,
      });
    }
    for (let i = 0; i < 10; i++) {
      events.push({
        profileKey: author.id,
        kind: 'like-removed' as const,
        points: -10,
        day: days[i % 2]!,
        sourceId: `unlike-${i}`,
      });
    }
    await Promise.all(events.map((event) => repository().add(event)));
    // The same like recorded twice counts once.
    expect(await repository().add(events[0]!)).toBe(false);

    // 30 likes − 5 removals a day = 250 points, capped at 200, on each of the two days.
    const cached = await repository().current(author.id);
    expect(cached).toEqual({ reputation: 400, rank: 'A' });
    expect(await repository().recompute(author.id)).toEqual(cached);
  });

  it('lets administrators take reputation away, down to rank C', async () => {
    const moderator = await signUp('Moderator', 'moderator@example.org');
    const rulebreaker = await signUp('Rulebreaker');
    const penalty = { points: 30, reason: 'Copied cards without credit' };

    const refused = await request(
      'POST',
      `/api/admin/profiles/${rulebreaker.id}/penalties`,
      rulebreaker,
      penalty,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('common/forbidden');
    expect(
      (await request('POST', `/api/admin/profiles/${rulebreaker.id}/penalties`, undefined, penalty))
        .statusCode,
    ).toBe(401);

    const applied = await request(
      'POST',
      `/api/admin/profiles/${rulebreaker.id}/penalties`,
      moderator,
      penalty,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ reputation: -30, rank: 'C' });
    const profile = (await request('GET', `/api/profiles/${rulebreaker.id}`)).json();
    expect(profile).toMatchObject({ rank: 'C', reputation: -30 });
    expect((await summaryOf(rulebreaker)).events[0]).toMatchObject({
      kind: 'penalty',
      points: -30,
      note: 'Copied cards without credit',
    });

    const invalid = await request('POST', `/api/admin/profiles/${rulebreaker.id}/penalties`, moderator, {
      points: -5,
      reason: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      (await request('POST', '/api/admin/profiles/nobody/penalties', moderator, penalty)).statusCode,
    ).toBe(404);
    expect((await request('GET', '/api/profiles/me/reputation')).statusCode).toBe(401);
  });
});
