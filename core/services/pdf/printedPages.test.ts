/** A reprint's PDF of exactly its printed sheets: page for page from the set's files, each file's hidden layers still hidden. */
import { describe, expect, it } from 'vitest';
import { ARCH_D, layeredPdf, makeDrawingPdf } from '#test/helpers/pdf';
import { renderWithMupdf, renderWithPoppler, type PagePixels } from '#test/helpers/pagePixels';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { printedPagesPdf } from './printedPages';

/** How many pixels are pure red (the hidden layer) and pure blue (the shown one). */
function inks(p: PagePixels): { red: number; blue: number } {
  let red = 0;
  let blue = 0;
  for (let i = 0; i < p.rgb.length; i += 3) {
    const [r, g, b] = [p.rgb[i], p.rgb[i + 1], p.rgb[i + 2]];
    if (r > 200 && g < 60 && b < 60) red++;
    if (b > 200 && r < 60 && g < 60) blue++;
  }
  return { red, blue };
}

describe('printedPagesPdf', () => {
  it('takes the sheets in print order from two files, and keeps what a file hides hidden', async () => {
    const plain = { firstPosition: 1, pageCount: 2, bytes: await makeDrawingPdf({ sheets: [ARCH_D, ARCH_D], title: 'Plain file' }) };
    const layered = { firstPosition: 3, pageCount: 1, bytes: await layeredPdf() };
    const pdf = await printedPagesPdf([plain, layered], [3, 2]);
    const texts = await pdfPageTexts(pdf);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Plain file');
    for (const rendered of [renderWithMupdf(pdf, 0, 10), await renderWithPoppler(pdf, 0, 10)]) {
      const seen = inks(rendered);
      expect(seen.red).toBe(0);
      expect(seen.blue).toBeGreaterThan(0);
    }
  });
});
