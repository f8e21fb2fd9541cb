/** Wrapping and drawing text in the embedded fonts, checked on real documents read back by poppler. */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from '#test/helpers/pdfText';
import { renderPdf } from './pdfDocument';
import { drawText, layoutLines, textWidth, wrapLines } from './pdfLayout';

const doc = new PDFDocument({ size: 'LETTER' });
const STYLE = { size: 10 };

describe('wrapLines', () => {
  it('keeps short text on one line and the text’s own line breaks', () => {
    expect(wrapLines(doc, 'Smith Residence', 400, STYLE)).toEqual(['Smith Residence']);
    expect(wrapLines(doc, 'one\ntwo\r\n\nfour', 400, STYLE)).toEqual(['one', 'two', '', 'four']);
  });

  it('breaks between words, never past the width', () => {
    const text = 'Long job name '.repeat(8).trim();
    const lines = wrapLines(doc, text, 150, STYLE);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(textWidth(doc, line, STYLE)).toBeLessThanOrEqual(150);
  });

  it('breaks between CJK characters and inside a word longer than a line', () => {
    const cjk = '図面'.repeat(30);
    const cjkLines = wrapLines(doc, cjk, 100, STYLE);
    expect(cjkLines.length).toBeGreaterThan(3);
    expect(cjkLines.join('')).toBe(cjk);
    const word = 'x'.repeat(200);
    const wordLines = wrapLines(doc, word, 100, STYLE);
    expect(wordLines.join('')).toBe(word);
    for (const line of [...cjkLines, ...wordLines]) expect(textWidth(doc, line, STYLE)).toBeLessThanOrEqual(100);
  });

  it('cuts to maxLines with an ellipsis that still fits', () => {
    const lines = layoutLines(doc, 'word '.repeat(100), { ...STYLE, width: 120, maxLines: 2 });
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(textWidth(doc, lines[1], STYLE)).toBeLessThanOrEqual(120);
  });
});

describe('layoutLines', () => {
  it('leaves out direction overrides and zero-width characters stored before the fields dropped them', () => {
    expect(layoutLines(doc, 'Smith\u202efdp.exe\u202c \u2066Residence\u2069\u200b', { ...STYLE, width: 400 })).toEqual(['Smithfdp.exe Residence']);
  });
});

describe('drawText', () => {
  it('prints every script and symbol it routes, exactly as given', async () => {
    const lines = [
      '王 Smith Résidence 図面 планы №7',
      'Ζωή Παπαδοπούλου · Łódź · Gödöllő · İstanbul · Ærø',
      '设计图 設計図 ひらがな カタカナ（改訂２）「図」',
      '€ £ ¥ ½ ¼ ° ± × ÷ © ® ™ § ¶ † • … “quoted” ‘single’ – —',
      '→ ← ⇒ ① ② ★ ☆ ■ □ ○ ● ≤ ≥ ≠ ∞ √ Ⅱ ※',
    ];
    let bottom = 0;
    const pdf = await renderPdf({ size: 'LETTER', margin: 36 }, (d) => {
      bottom = drawText(d, lines.join('\n'), 36, 36, { size: 12, width: 540 });
    });
    expect(bottom).toBeCloseTo(36 + 5 * 12 * 1.3);
    const text = await pdfText(pdf);
    for (const line of lines.slice(0, 4)) expect(text).toContain(line);
    // Between full-width symbols poppler hears no space (they are drawn); every symbol is there.
    expect(text.replace(/ /g, '')).toContain(lines[4].replace(/ /g, ''));
  });
});
