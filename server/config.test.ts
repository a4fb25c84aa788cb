import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      // Production unless said otherwise: `npm start` must be safe to expose; `npm run dev` and tests say so.
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: 'localhost',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      PUBLIC_URL: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      webDistDir: path.resolve('./dist/web'),
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every invalid variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT:');
      expect(message).toContain('DATABASE_URL: Must be a postgres:// or postgresql:// URL');
      expect(message).toContain('LOG_LEVEL:');
    }
  });

  it('requires a session secret in production only when several instances may share the database', () => {
    // One instance on its embedded database generates its secret and keeps it in DATA_DIR (see main.ts).
    expect(loadConfig({ NODE_ENV: 'production' }).SESSION_SECRET).toBeUndefined();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://cardweb@db.internal/cardweb' }),
    ).toThrowError(/SESSION_SECRET: Required in production with DATABASE_URL/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrowError(/SESSION_SECRET: Must be at least 32/);
  });

  it('turns Stripe on only with all three settings, and refuses half a setup in production', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_ID: 'price_premium',
    };
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_abc',
      priceId: 'price_premium',
      apiBase: undefined,
    });
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:9' }).stripe?.apiBase?.port).toBe('9');
    expect(loadConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_123' }).stripe).toBeUndefined();
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_1' })).toThrowError(
      /STRIPE_WEBHOOK_SECRET: Required when STRIPE_SECRET_KEY is set/,
    );
    expect(loadConfig({ ...production, ...stripe }).stripe?.priceId).toBe('price_premium');
    expect(() => loadConfig({ STRIPE_PRICE_ID: 'prod_123' })).toThrowError(
      /STRIPE_PRICE_ID: Must be a Stripe price id/,
    );
  });

  it('turns the LLM on with an address and a model together, and names the missing one', () => {
    expect(loadConfig({}).llm).toBeUndefined();
    expect(
      loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1/', LLM_MODEL: 'llama3.2', LLM_API_KEY: '' }).llm,
    ).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3.2' });
    expect(
      loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_MODEL: 'gpt-4o-mini', LLM_API_KEY: 'sk-1' })
        .llm?.apiKey,
    ).toBe('sk-1');
    expect(() => loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1' })).toThrowError(
      /LLM_MODEL: Required when LLM_BASE_URL is set/,
    );
    expect(() => loadConfig({ LLM_MODEL: 'llama3.2' })).toThrowError(
      /LLM_BASE_URL: Required when LLM_MODEL is set/,
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://models.example', LLM_MODEL: 'm' })).toThrowError(
      /LLM_BASE_URL: Must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('takes the model’s time limits in seconds', () => {
    const model = { LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.2' };
    expect(
      loadConfig({ ...model, LLM_FIRST_BYTE_TIMEOUT_SECONDS: '20', LLM_TIMEOUT_SECONDS: '90.5' }).llm,
    ).toMatchObject({ firstByteTimeoutMs: 20_000, totalTimeoutMs: 90_500 });
    expect(loadConfig(model).llm).not.toHaveProperty('totalTimeoutMs');
    expect(() => loadConfig({ ...model, LLM_TIMEOUT_SECONDS: 'soon' })).toThrowError(/LLM_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ ...model, LLM_TIMEOUT_SECONDS: '0' })).toThrowError(/LLM_TIMEOUT_SECONDS/);
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://cards.example.org/' });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('https://cards.example.org');
  });
});
