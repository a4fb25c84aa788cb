import { loadConfig, type Config } from '../config.ts';

/** A valid configuration for tests: silent, with a fixed secret and no built web app unless overridden. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-build',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    // Test files read anonymously from one address in bulk; server/plugins/rate-limit.test.ts turns it on.
    ANONYMOUS_RATE_LIMIT: '0',
    ...env,
  });
}
