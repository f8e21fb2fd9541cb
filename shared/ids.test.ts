import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it.each([
    ['0b3a1c9e-1111-4222-8333-123456789abc', true],
    ['0B3A1C9E-1111-4222-8333-123456789ABC', true],
    ['0b3a1c9e-1111-4222-8333-123456789ab', false],
    ['0b3a1c9e11114222833312345678 9abc', false],
    ['x0b3a1c9e-1111-4222-8333-123456789abc', false],
    ['0b3a1c9e-1111-4222-8333-123456789abc\n', false],
    ['', false],
  ])('%j → %s', (value, expected) => expect(isUuid(value)).toBe(expected));
});
