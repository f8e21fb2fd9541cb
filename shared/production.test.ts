import { describe, expect, it } from 'vitest';
import { parsePageList, reprintInput } from './production';

describe('parsePageList', () => {
  it('reads pages as the counter types them: commas or spaces, ranges with a hyphen or a dash, each page once', () => {
    expect(parsePageList('3, 5-7')).toEqual([3, 5, 6, 7]);
    expect(parsePageList(' 9 2 – 4; 3 ')).toEqual([9, 2, 3, 4]);
    expect(parsePageList('4 - 4')).toEqual([4]);
  });

  it('says what is wrong with a page list, in a sentence', () => {
    expect(parsePageList('  ')).toBe('List the pages to print again, such as 3, 5-7.');
    expect(parsePageList('3, p4')).toBe('"p4" is not a page number. Write page numbers such as 3, 5-7.');
    expect(parsePageList('7-5')).toBe('"7-5" runs backwards. Write the lower page first, such as 5-7.');
    expect(parsePageList('2-900')).toBe('At most 500 pages can be printed again at once.');
  });

  it('lets the reprint body carry the list or the typed text, refusing bad text with its sentence', () => {
    expect(reprintInput.parse({ pages: [3, 4] })).toEqual({ pages: [3, 4] });
    expect(reprintInput.parse({ pages: '3, 5-6' })).toEqual({ pages: [3, 5, 6] });
    const bad = reprintInput.safeParse({ pages: 'three' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('"three" is not a page number. Write page numbers such as 3, 5-7.');
  });
});
