/**
 * What will not print as it looks, measured by the sheet report on sheets drawn with PDFKit: 0.05 pt
 * lines (hairlines at full size), 0.15 pt lines (hairlines only at half size), a 10% grey drawing,
 * text in a font the file does not embed, and a clean sheet that gets no note. Both ways the report
 * reads a sheet (the content-stream scan and the whole interpretation) must agree.
 */
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { printNotesOf } from '#shared/printNotes';
import { printProblemSet, type PrintProblem } from '#test/helpers/printProblems';
import { fontName, isLight } from './printFindings';
import { reportByLinework, reportSheet, reportWhole } from './sheetReport';

/** Each sheet's findings, read both ways the report reads a sheet. */
async function findings(problems: PrintProblem[]) {
  const pdf = mupdf.Document.openDocument(await printProblemSet(problems), 'application/pdf');
  return problems.map((_, i) => {
    const page = pdf.loadPage(i);
    try {
      // The scan of the content stream reads these sheets (the fast way), and agrees with the whole interpretation.
      expect(reportByLinework(page), `sheet ${i + 1} scanned`).not.toBeNull();
      const fast = reportSheet(page, 0).sheet.printFindings;
      const whole = reportWhole(page, 0).sheet.printFindings;
      expect(fast, `sheet ${i + 1} read both ways`).toEqual(whole);
      return fast;
    } finally {
      page.destroy();
    }
  });
}

describe('printFindings', () => {
  it('finds hairlines, half-size hairlines, light grey and a font not embedded, and nothing on a clean sheet', async () => {
    const [clean, hair, half, light, font] = await findings(['clean', 'hairlines', 'halfOnly', 'light', 'notEmbedded']);
    expect(clean).toEqual({ hairline: 0, hairlineHalf: 0, lightGray: 0, missingFont: 0, missingFonts: [] });
    // 32 walls of 33 strokes (the border is 2 pt).
    expect(hair).toMatchObject({ hairline: 0.97, hairlineHalf: 0.97, lightGray: 0, missingFont: 0 });
    expect(half).toMatchObject({ hairline: 0, hairlineHalf: 0.97 });
    // The walls of 33 strokes and 1 text run.
    expect(light?.lightGray).toBeCloseTo(32 / 34, 2);
    expect(light?.hairline).toBe(0);
    expect(font).toMatchObject({ hairline: 0, lightGray: 0, missingFonts: ['ArialNarrow'] });
    // Helvetica (one of the 14 standard fonts) is not missing: only the notes' characters count.
    expect(font?.missingFont).toBeGreaterThan(0.8);
    expect(font?.missingFont).toBeLessThan(1);
  }, 60_000);

  it('words each note for the sheet, per printed scale', () => {
    const none = { hairline: 0, hairlineHalf: 0, lightGray: 0, missingFont: 0, missingFonts: [] };
    expect(printNotesOf(none, 'A-201')).toEqual([]);
    expect(printNotesOf({ ...none, hairline: 0.12, hairlineHalf: 0.3 }, 'A-201')).toEqual([
      {
        kind: 'hairline',
        share: 0.12,
        printedAt: 'full',
        message: 'Lines thinner than 0.1 pt cover 12% of A-201; they may not print. Re-export with a minimum line weight.',
      },
    ]);
    expect(printNotesOf({ ...none, hairlineHalf: 0.12 }, 'A-201')).toEqual([
      {
        kind: 'hairline',
        share: 0.12,
        printedAt: 'half',
        message:
          'Lines thinner than 0.1 pt cover 12% of A-201 at half size; they may not print. Re-export with a minimum line weight, or choose Full size only.',
      },
    ]);
    const [gray, font] = printNotesOf({ ...none, lightGray: 0.004, missingFont: 0.5, missingFonts: ['ArialMT', 'RomanS'] }, 'sheet 3');
    expect(gray).toMatchObject({ kind: 'light_gray', share: 0.004 });
    expect(gray.message).toMatch(/^Linework or text lighter than 20% black covers 1% of sheet 3; black-and-white printers may drop it/);
    expect(font).toMatchObject({ kind: 'missing_font', share: 0.5 });
    expect(font.message).toMatch(/\(ArialMT and RomanS\) covers 50% of the text on sheet 3/);
  });

  it('takes paper white and 20% black or darker for no light grey, and a subset’s tag off a font’s name', () => {
    expect(isLight('Gray', [0.9])).toBe(true);
    expect(isLight('Gray', [0.8])).toBe(false);
    expect(isLight('Gray', [1])).toBe(false);
    expect(isLight('RGB', [0.9, 0.9, 0.9])).toBe(true);
    expect(isLight('CMYK', [0, 0, 0, 0.1])).toBe(true);
    expect(isLight('CMYK', [0, 0, 0, 0.5])).toBe(false);
    expect(isLight('Separation', [0.1])).toBe(false);
    expect(fontName('ABCDEF+Arial-BoldMT')).toBe('Arial-BoldMT');
  });
});
