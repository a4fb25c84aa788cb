/**
 * A token bucket: up to `burst` tokens, refilled at `perSecond`; each accepted frame takes one. A real tab
 * sends a few frames when it opens and then one now and then, so a generous bucket never gets in its way,
 * while a flood gets no more than the steady rate.
 */
export function createTokenBucket(burst: number, perSecond: number, now: () => number = Date.now) {
  let tokens = burst;
  let last = now();
  return {
    /** Takes a token if there is one; false when the bucket is empty. */
    take(): boolean {
      const time = now();
      tokens = Math.min(burst, tokens + ((time - last) / 1000) * perSecond);
      last = time;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
