import { describe, expect, it } from 'vitest';
import { possessive } from './firm';

describe('possessive', () => {
  it('writes "Architects\'" rather than "Architects\'s"', () => {
    expect(possessive('Keystone Architects')).toBe("Keystone Architects'");
    expect(possessive('Harbor Studio')).toBe("Harbor Studio's");
    expect(possessive('Keystone Architects', '’')).toBe('Keystone Architects’');
  });
});
