import { describe, expect, it } from 'vitest';
import {
  formatInches,
  formatSheetSize,
  judgeSheets,
  leftOutSentence,
  matchPrintSize,
  paperFor,
  sheetPagesText,
  sizeNameOf,
  unprintableSheetsOf,
  wrongSizeMessage,
} from './upload';

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

describe('paperFor: the smaller paper a sheet fits at 100%, either orientation, 0.125" tolerance', () => {
  it.each([
    [24, 36, '24x36', 'ARCH D'],
    [36, 24, '24x36', 'ARCH D'],
    [22, 34, '24x36', 'ANSI D'],
    [34, 22, '24x36', 'ANSI D'],
    [23.39, 33.11, '24x36', 'ISO A1'],
    [17, 22, '24x36', null],
    [16.875, 21.875, '24x36', null],
    [18, 24, '24x36', null],
    [24.125, 36.125, '24x36', 'ARCH D'],
    [24.2, 36, '30x42', null],
    [24, 36.2, '30x42', null],
    [30, 42, '30x42', 'ARCH E1'],
    [42, 30, '30x42', 'ARCH E1'],
    [28, 40, '30x42', null],
    [30.125, 42.125, '30x42', 'ARCH E1'],
  ])('%s" x %s" → %s (%s)', (w, h, paper, name) => {
    expect(paperFor(w, h)).toEqual({ paper });
    expect(sizeNameOf(w, h)).toBe(name);
  });

  it.each([
    [36, 48, 'larger'],
    [34, 44, 'larger'],
    [30.2, 42, 'larger'],
    [30, 42.2, 'larger'],
    [8.5, 11, 'smaller'],
    [11, 17, 'smaller'],
    [16.8, 22, 'smaller'],
    [17, 21.8, 'smaller'],
  ])('%s" x %s" fits no paper: %s', (w, h, reason) => expect(paperFor(w, h)).toEqual({ paper: null, reason }));
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

  it('accepts ANSI D and ARCH E1 in one set as mixed, each sheet on its paper', () => {
    expect(judgeSheets(3, [pt(22, 34), pt(42, 30), pt(34, 22)])).toEqual({
      status: 'ready',
      pageCount: 3,
      detectedSize: 'mixed',
      actualSize: null,
      message: null,
    });
    expect(judgeSheets(2, [pt(22, 34), pt(34, 22)])).toMatchObject({ status: 'ready', detectedSize: '24x36', actualSize: '22" x 34"' });
  });

  it('refuses a sheet larger than our largest paper, naming it and what we print', () => {
    const verdict = judgeSheets(4, [pt(24, 36), pt(24, 36), pt(30, 42), pt(36, 48)]);
    expect(verdict).toMatchObject({ status: 'rejected', pageCount: 4, detectedSize: null, actualSize: '36" x 48"' });
    expect(verdict.message).toMatch(/^Sheet 4 is 36" x 48" \(ARCH E\), larger than our largest paper, 30" x 42"\. /);
    expect(verdict.message).toContain('from 17" x 22" up to 30" x 42"');
  });

  it('refuses letter sheets as smaller than the smallest we print, and counts the rest', () => {
    const verdict = judgeSheets(5, [pt(8.5, 11), pt(11, 8.5), pt(24, 36), pt(11, 17), pt(8.5, 11)]);
    expect(verdict).toMatchObject({ status: 'rejected', actualSize: '8.5" x 11"' });
    expect(verdict.message).toMatch(
      /^Sheet 1 is 8\.5" x 11" \(Letter\), smaller than the smallest sheet we print, 17" x 22"\. Sheet 2 is 8\.5" x 11" \(Letter\), .* Sheet 4 is 11" x 17" \(ANSI B\), .* 1 more sheet is outside our sizes too\. /,
    );
  });

  it('names ANSI D apart from ARCH D when refusing a wrong size', () => {
    expect(wrongSizeMessage('22" x 34"')).toContain('Your PDF is 22" x 34" (ANSI D)');
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

describe('unprintableSheetsOf: the sheets a refused file may leave out', () => {
  const D = pt(36, 24);
  it("names each sheet no paper takes, with its size, name and the refusal's reason", () => {
    expect(unprintableSheetsOf(4, [D, pt(8.5, 11), D, pt(36, 48)])).toEqual([
      { page: 2, size: '8.5" x 11"', sizeName: 'Letter', reason: 'smaller than the smallest sheet we print, 17" x 22"' },
      { page: 4, size: '36" x 48"', sizeName: 'ARCH E', reason: 'larger than our largest paper, 30" x 42"' },
    ]);
  });

  it('uses the same words as the refusal itself', () => {
    const sheets = [D, pt(11, 17)];
    const [sheet] = unprintableSheetsOf(2, sheets);
    expect(judgeSheets(2, sheets).message).toContain(`Sheet 2 is 11" x 17" (ANSI B), ${sheet.reason}.`);
    expect(leftOutSentence(sheet)).toBe('Sheet 2 (11" x 17") is left out: smaller than the smallest sheet we print, 17" x 22".');
  });

  it('offers nothing when no sheet would be left to print, or the file is refused for something else', () => {
    expect(unprintableSheetsOf(2, [pt(8.5, 11), pt(8.5, 11)])).toEqual([]);
    expect(unprintableSheetsOf(2, [D, D])).toEqual([]);
    expect(unprintableSheetsOf(2, [D, pt(3000, 11)])).toEqual([]);
    expect(unprintableSheetsOf(3, [D, pt(8.5, 11)])).toEqual([]);
    expect(unprintableSheetsOf(0, [])).toEqual([]);
  });

  it.each([
    [[4], 'sheet 4'],
    [[4, 9], 'sheets 4 and 9'],
    [[2, 4, 9], 'sheets 2, 4 and 9'],
  ])('%j → %s', (pages, text) => expect(sheetPagesText(pages)).toBe(text));
});
