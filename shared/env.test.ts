import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_URL, parseEnv } from './env';

describe('parseEnv', () => {
  it('fills development defaults and says which', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.ADMIN_USERNAME).toBe('admin');
    expect(env.defaultsUsed).toEqual(['SESSION_SECRET', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'SOURCE_URL']);
    expect(env.SOURCE_URL).toBe(DEFAULT_SOURCE_URL);
    expect(env.APP_URL).toBe('http://localhost:5000');
    expect(env.FILE_RETENTION_DAYS).toBe(7);
  });
  it('refuses production without secrets, naming each', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*ADMIN_USERNAME[\s\S]*ADMIN_PASSWORD[\s\S]*DATABASE_URL/);
  });
  it('accepts production with everything set', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      ADMIN_USERNAME: 'counter',
      ADMIN_PASSWORD: 'pw',
      DATABASE_URL: 'postgres://localhost/db',
      SOURCE_URL: 'https://github.com/example/blueprint-shop/tree/c5ae304',
    });
    expect(env.defaultsUsed).toEqual([]);
    expect(env.SOURCE_URL).toBe('https://github.com/example/blueprint-shop/tree/c5ae304');
  });
  it('refuses a SHOP_HOLIDAYS it cannot read, naming the entry', () => {
    expect(() => parseEnv({ SHOP_HOLIDAYS: '2026-11-27,Black Friday' })).toThrow(/SHOP_HOLIDAYS.*"Black Friday" is not a YYYY-MM-DD date/);
    expect(parseEnv({ SHOP_HOLIDAYS: '2026-11-27, -2026-11-11' }).SHOP_HOLIDAYS).toBe('2026-11-27, -2026-11-11');
  });
  it("sends email under the shop's name unless EMAIL_FROM says otherwise", () => {
    expect(parseEnv({}).EMAIL_FROM).toBe('Blueprint Shop <orders@blueprintshop.local>');
    expect(parseEnv({ SHOP_NAME: 'Plan Room' }).EMAIL_FROM).toBe('Plan Room <orders@blueprintshop.local>');
    expect(parseEnv({ SHOP_NAME: 'Plan Room', EMAIL_FROM: 'Counter <c@example.com>' }).EMAIL_FROM).toBe('Counter <c@example.com>');
  });
  it('refuses a counter whose ZIP is not in SHOP_STATE, whose tax pickups would pay', () => {
    expect(() => parseEnv({ SHOP_STATE: 'DE' })).toThrow(/SHOP_ZIP: SHOP_ZIP and SHOP_STATE disagree: ZIP 07652 is in New Jersey, not Delaware\./);
    expect(() => parseEnv({ SHOP_STATE: 'NY', SHOP_CITY: 'New York', SHOP_ZIP: '07652' })).toThrow(/ZIP 07652 is in New Jersey, not New York\./);
    expect(parseEnv({ SHOP_STATE: 'NY', SHOP_CITY: 'New York', SHOP_ZIP: '10166' }).SHOP_STATE).toBe('NY');
    expect(parseEnv({}).SHOP_STATE).toBeUndefined();
  });
  it('explains a bad value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
  it('takes only an http(s) SOURCE_URL', () => {
    expect(() => parseEnv({ SOURCE_URL: 'javascript:alert(1)' })).toThrow(/SOURCE_URL must be an http\(s\) URL/);
    expect(() => parseEnv({ SOURCE_URL: 'not a url' })).toThrow(/SOURCE_URL/);
    expect(parseEnv({ SOURCE_URL: '' }).SOURCE_URL).toBe(DEFAULT_SOURCE_URL);
  });
  it('wants the three Stripe keys together', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
  it('lets the release step migrate in production with DATABASE_URL alone', () => {
    const env = parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' }, 'release');
    expect(env.DATABASE_URL).toBe('postgres://db/shop');
    expect(() => parseEnv({ NODE_ENV: 'production' }, 'release')).toThrow(/DATABASE_URL is required/);
    expect(() => parseEnv({ NODE_ENV: 'production' }, 'release')).not.toThrow(/SESSION_SECRET|ADMIN_/);
    // The web and worker processes still need everything.
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' })).toThrow(/SESSION_SECRET/);
  });
  it('binds to HOST when given, every interface otherwise', () => {
    expect(parseEnv({}).HOST).toBeUndefined();
    expect(parseEnv({ HOST: ' 127.0.0.1 ' }).HOST).toBe('127.0.0.1');
  });
  it('trusts a proxy and marks cookies Secure as two settings', () => {
    expect(parseEnv({})).toMatchObject({ TRUST_PROXY: false, COOKIE_SECURE: false });
    // Behind an HTTPS proxy: Secure cookies unless told otherwise.
    expect(parseEnv({ TRUST_PROXY: 'true' })).toMatchObject({ TRUST_PROXY: true, COOKIE_SECURE: true });
    // Behind a plain-HTTP internal proxy: each customer's own address, cookies the browser sends back over HTTP.
    expect(parseEnv({ TRUST_PROXY: 'true', COOKIE_SECURE: 'false' })).toMatchObject({ TRUST_PROXY: true, COOKIE_SECURE: false });
    // The shop learns that a request came over HTTPS only from a trusted proxy.
    expect(() => parseEnv({ COOKIE_SECURE: 'true' })).toThrow(/COOKIE_SECURE=true needs TRUST_PROXY=true/);
    expect(() => parseEnv({ COOKIE_SECURE: 'yes' })).toThrow(/COOKIE_SECURE/);
  });
  it('takes the dead-worker window in seconds, 30 by default', () => {
    expect(parseEnv({}).WORKER_DEAD_AFTER_SECONDS).toBe(30);
    expect(parseEnv({ WORKER_DEAD_AFTER_SECONDS: '4' }).WORKER_DEAD_AFTER_SECONDS).toBe(4);
    expect(() => parseEnv({ WORKER_DEAD_AFTER_SECONDS: '0' })).toThrow(/WORKER_DEAD_AFTER_SECONDS/);
  });
  it('takes the drain deadline of a stopped worker in seconds, 90 by default', () => {
    expect(parseEnv({}).WORKER_DRAIN_SECONDS).toBe(90);
    expect(parseEnv({ WORKER_DRAIN_SECONDS: '3' }).WORKER_DRAIN_SECONDS).toBe(3);
    expect(() => parseEnv({ WORKER_DRAIN_SECONDS: '0' })).toThrow(/WORKER_DRAIN_SECONDS/);
  });

  it('hashes passwords at production strength (scrypt N=2^17) unless told otherwise, never weaker than 2^10, and only at 2^17 or more in production', () => {
    expect(parseEnv({}).PASSWORD_HASH_LOG_N).toBe(17);
    expect(parseEnv({ PASSWORD_HASH_LOG_N: '10' }).PASSWORD_HASH_LOG_N).toBe(10);
    expect(() => parseEnv({ PASSWORD_HASH_LOG_N: '9' })).toThrow(/PASSWORD_HASH_LOG_N must be at least 10/);
    expect(() => parseEnv({ PASSWORD_HASH_LOG_N: '12.5' })).toThrow(/PASSWORD_HASH_LOG_N must be a whole number/);
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      ADMIN_USERNAME: 'counter',
      ADMIN_PASSWORD: 'pw',
      DATABASE_URL: 'postgres://localhost/db',
    };
    expect(() => parseEnv({ ...production, PASSWORD_HASH_LOG_N: '16' })).toThrow(/PASSWORD_HASH_LOG_N must be at least 17 when NODE_ENV=production/);
    expect(parseEnv({ ...production, PASSWORD_HASH_LOG_N: '18' }).PASSWORD_HASH_LOG_N).toBe(18);
    expect(parseEnv(production).PASSWORD_HASH_LOG_N).toBe(17);
  });
});
