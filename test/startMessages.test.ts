import { describe, expect, it } from 'vitest';
import { parseEnv } from '#shared/env';
import { startNotices } from '../scripts/startMessages';

describe('what npm start prints', () => {
  it('prints the development admin password when it is the default', () => {
    const text = startNotices(parseEnv({})).join('\n');
    expect(text).toContain('admin sign-in: admin / blueprint-admin');
    expect(text).toContain('SOURCE_URL');
  });

  it('never prints a password set in ADMIN_PASSWORD, even while other defaults are in use', () => {
    const env = parseEnv({ ADMIN_PASSWORD: 'counter-secret-7', SOURCE_URL: 'https://github.com/example/blueprint-shop' });
    expect(env.defaultsUsed).toEqual(['SESSION_SECRET', 'ADMIN_USERNAME']);
    const text = startNotices(env).join('\n');
    expect(text).not.toContain('counter-secret-7');
    expect(text).toContain('admin sign-in: admin (password from ADMIN_PASSWORD)');
    expect(text).not.toContain('the footer links');
  });
});
