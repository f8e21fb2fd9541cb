import { describe, expect, it } from 'vitest';
import { NOT_TO_SCALE, findScaleNotes } from './scaleNotes';

describe('findScaleNotes', () => {
  it.each([
    ['an architectural scale', `FLOOR PLAN  SCALE: 1/4" = 1'-0"`, [`1/4" = 1'-0"`]],
    ['a mixed fraction without spaces', `DETAIL 3   1 1/2"=1'-0"`, [`1 1/2"=1'-0"`]],
    ['runs of spaces made one', `1/8"   =   1'-0"`, [`1/8" = 1'-0"`]],
    ['typographic quotes and primes', `3/16\u201d = 1\u2019-0\u201d and 1\u2033 = 10\u2032`, [`3/16\u201d = 1\u2019-0\u201d`, `1\u2033 = 10\u2032`]],
    ['an engineering scale', `SITE PLAN 1" = 20'`, [`1" = 20'`]],
    ['a ratio after the word SCALE', 'SCALE: 1:100', ['SCALE: 1:100']],
    ['a ratio without the word SCALE is a time or a ratio, not a scale', 'MEETING 1:30 PM', []],
    ['not to scale, however written, once', 'SECTION A NOT TO SCALE  DIAGRAM (N.T.S.)  NTS', [NOT_TO_SCALE]],
    ['several notes in reading order', `SCALE: 1:50 ... 1/4" = 1'-0" ... NTS`, ['SCALE: 1:50', `1/4" = 1'-0"`, NOT_TO_SCALE]],
    ['the same note written twice, once', `1/4" = 1'-0"  1/4" = 1'-0"`, [`1/4" = 1'-0"`]],
    ['no note', 'DOOR SCHEDULE', []],
  ])('%s', (_why, text, notes) => {
    expect(findScaleNotes(text)).toEqual(notes);
  });
});
