import { describe, expect, it } from 'vitest';
import { prefilledEmail, returnPath, withReturn } from './returnTo';

describe('returnTo', () => {
  it('goes back only to a path on this site', () => {
    expect(returnPath('?next=%2Ffirm-invite%3Ftoken%3Dabc')).toBe('/firm-invite?token=abc');
    for (const bad of ['?next=https://evil.example', '?next=//evil.example', '?next=/\\evil.example', '?next=javascript:alert(1)', ''])
      expect(returnPath(bad)).toBeNull();
  });
  it('carries the invite back through sign-up with the email filled in', () => {
    const href = withReturn('/register', '/firm-invite?token=abc', 'ada@example.com');
    const search = href.slice(href.indexOf('?'));
    expect(returnPath(search)).toBe('/firm-invite?token=abc');
    expect(prefilledEmail(search)).toBe('ada@example.com');
    expect(withReturn('/login', null)).toBe('/login');
  });
});
