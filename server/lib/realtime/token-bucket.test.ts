import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.ts';

describe('the token bucket', () => {
  it('lets a burst through, then only the steady rate', () => {
    let time = 0;
    const bucket = createTokenBucket(3, 2, () => time);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    time += 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    // A long pause refills it to the burst, no further.
    time += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
