import { afterEach, beforeEach, expect, vi } from 'vitest';

// An unexpected console.error in server code is a bug the test did not look for: fail the test on it.
beforeEach(() => {
  vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = vi.mocked(console.error).mock.calls;
  vi.restoreAllMocks();
  expect(calls, 'console.error was called').toEqual([]);
});
