import { describe, expect, it } from 'vitest';
import { printedPart } from './sets';

describe('printedPart', () => {
  it('keeps the printed positions, their papers, and the color sheets among them renumbered', () => {
    const papers = ['24x36', '30x42', '24x36', '30x42'] as const;
    expect(printedPart(papers, [1, 2, 4], [2, 4])).toEqual({ pageCount: 2, papers: ['30x42', '30x42'], colorSheets: [1, 2] });
    expect(printedPart(papers, [1, 3], [2, 4])).toEqual({ pageCount: 2, papers: ['30x42', '30x42'], colorSheets: [] });
    expect(printedPart(papers, [3], null)).toEqual({ pageCount: 4, papers: [...papers], colorSheets: [3] });
  });
});
