import { describe, expect, it } from 'vitest';
import { formatInches, formatSheetSize, judgeSheets, matchPrintSize, wrongSizeMessage } from './upload';

const pt = (widthIn: number, heightIn: number) => ({ width: widthIn * 72, height: heightIn * 72 });

describe('sheet sizes as a person reads them', () => {
  it.each([
    [8.5, '8.5'],
    [11, '11'],
    [8.267716, '8.27'],
    [36.0001, '36'],
    [22.5, '22.5'],
  ])('%s inches → %s', (inches, text) => expect(formatInches(inches)).toBe(text));

  it('puts the smaller side first', () => {
    expect(formatSheetSize(11, 8.5)).toBe('8.5" x 11"');
    expect(formatSheetSize(36, 24)).toBe('24" x 36"');
  });
});

describe('matchPrintSize', () => {
  it.each([
    [24, 36, '24x36'],
    [36, 24, '24x36'],
    [30, 42, '30x42'],
    [42, 30, '30x42'],
    [24.125, 35.875, '24x36'],
    [29.876, 42.124, '30x42'],
    [24.13, 36, null],
    [22, 34, null],
    [8.5, 11, null],
  ])('%s" x %s" → %s', (w, h, size) => expect(matchPrintSize(w, h)).toBe(size));
});

describe('judgeSheets', () => {
  it('accepts one print size in either orientation', () => {
    expect(judgeSheets(3, [pt(36, 24), pt(24, 36), pt(36, 24)])).toEqual({
      status: 'ready',
      pageCount: 3,
      detectedSize: '24x36',
      actualSize: '24" x 36"',
      message: null,
    });
  });

  it('rejects one wrong size with its actual size and the spec wording', () => {
    expect(judgeSheets(2, [pt(8.5, 11), pt(11, 8.5)])).toEqual({
      status: 'rejected',
      pageCount: 2,
      detectedSize: null,
      actualSize: '8.5" x 11"',
      message: 'Your PDF is 8.5" x 11", but we only print 24" × 36" and 30" × 42" documents. Please resize your document and try again.',
    });
    // ANSI sizes are named, since customers confuse ANSI D with ARCH D.
    expect(wrongSizeMessage('22" x 34"')).toContain('Your PDF is ANSI D (22" x 34")');
  });

  it('rejects mixed sizes with counts, most common first', () => {
    const verdict = judgeSheets(4, [pt(36, 24), pt(8.5, 11), pt(24, 36), pt(36, 24)]);
    expect(verdict.status).toBe('rejected');
    expect(verdict.actualSize).toBeNull();
    expect(verdict.message).toMatch(/^Your PDF mixes sheet sizes: 3 pages are 24" x 36", 1 page is 8\.5" x 11"\. /);
  });

  it('names at most four sizes and sums the rest', () => {
    const sheets = [pt(24, 36), pt(24, 36), pt(8.5, 11), pt(11, 17), pt(22, 34), pt(30, 42), pt(18, 24), pt(9, 12)];
    expect(judgeSheets(sheets.length, sheets).message).toContain(
      '2 pages are 24" x 36", 1 page is 8.5" x 11", 1 page is ANSI B (11" x 17"), 1 page is ANSI D (22" x 34"), 3 pages are other sizes',
    );
  });

  it('rejects an empty set and one over 500 pages', () => {
    expect(judgeSheets(0, [])).toMatchObject({
      status: 'rejected',
      pageCount: 0,
      message: 'Your PDF has no pages. Please check the file and upload it again.',
    });
    expect(judgeSheets(501, [])).toMatchObject({ status: 'rejected', pageCount: 501 });
    expect(judgeSheets(501, []).message).toMatch(/501 pages; we accept at most 500/);
  });
});
