import { describe, expect, it } from 'vitest';
import { drawingIndexOf, findSheetNumber, isSheetNumber, listedSheetNumbers, sheetWarnings, type TextLine } from './sheetNumbers';

describe('isSheetNumber', () => {
  it.each([
    ['A-101', true],
    ['A1.01', true],
    ['S-2.1', true],
    ['M001', true],
    ['FP-101', true],
    ['G0.0', true],
    ['A-101A', true],
    [' E-201 ', true],
    ['A', false],
    ['101', false],
    ['1/4" = 1\'-0"', false],
    ['FLOOR PLAN', false],
    ['SEE A-101', false],
    ['ABCD-1', false],
  ])('%s → %s', (text, yes) => {
    expect(isSheetNumber(text)).toBe(yes);
  });
});

const SHEET = { width: 36 * 72, height: 24 * 72 };
const line = (text: string, size: number, x: number, y: number): TextLine => ({ text, size, x0: x, y0: y, x1: x + text.length * size * 0.6, y1: y + size });

describe('findSheetNumber', () => {
  it.each<[string, TextLine[], string | null, string | null]>([
    [
      'the largest number in the title block, with its title beside it',
      [line('SHEET NO.', 8, 2300, 1560), line('A-201', 36, 2300, 1580), line('SECOND FLOOR PLAN', 14, 2300, 1500), line('A-501', 10, 900, 800)],
      'A-201',
      'SECOND FLOOR PLAN',
    ],
    ['a detail callout in the middle of the sheet is no sheet number', [line('A-501', 40, 1200, 800), line('ENLARGED PLAN', 12, 1200, 860)], null, null],
    [
      'a title on two lines is joined',
      [line('S-2.1', 30, 2350, 1600), line('FOUNDATION', 16, 2350, 1540), line('DETAILS', 16, 2350, 1558), line('DATE', 8, 2200, 1640)],
      'S-2.1',
      'FOUNDATION DETAILS',
    ],
    [
      'a number after its label on the same line',
      [line('SHEET NO. FP-101', 24, 2200, 1600), line('FIRE SPRINKLER PLAN', 12, 2200, 1560)],
      'FP-101',
      'FIRE SPRINKLER PLAN',
    ],
    ['a number without a title near it', [line('M001', 24, 2400, 1650), line('GENERAL NOTES', 12, 100, 100)], 'M001', null],
    ['nothing that looks like a sheet number', [line('FLOOR PLAN', 36, 2300, 1600)], null, null],
  ])('%s', (_why, lines, sheetNumber, sheetTitle) => {
    expect(findSheetNumber(lines, SHEET)).toEqual({ sheetNumber, sheetTitle });
  });
});

describe('listedSheetNumbers', () => {
  it.each([
    ['a drawing index', 'G0.0 COVER SHEET\nA-101 FIRST FLOOR PLAN\nA-102 SECOND FLOOR\nA-101 again', ['G0.0', 'A-101', 'A-102']],
    ['scales and dimensions are not sheets', `SCALE 1/4" = 1'-0" 12'-6" 2x4 STUDS`, []],
    ['a number inside a word is not a sheet', 'UL-A101X HVAC1', []],
  ])('%s', (_why, text, numbers) => {
    expect(listedSheetNumbers(text)).toEqual(numbers);
  });
});

describe('sheetWarnings', () => {
  const set = (...numbers: (string | null)[]) => numbers.map((sheetNumber, i) => ({ position: i + 1, sheetNumber }));
  it('warns of a sheet number carried twice, naming both positions', () => {
    const warnings = sheetWarnings(set('G0.0', 'A-101', 'A-102', 'A-101'));
    expect(warnings).toEqual([
      {
        kind: 'duplicate_sheet',
        sheetNumber: 'A-101',
        positions: [2, 4],
        message: 'Sheet number A-101 appears on both sheets 2 and 4: check that the same sheet was not included twice.',
      },
    ]);
  });
  it('warns of a sheet the cover lists that no sheet carries', () => {
    const warnings = sheetWarnings(set('G0.0', 'A-101', 'A-103'), ['G0.0', 'A-101', 'A-102', 'A-103']);
    expect(warnings.map((w) => [w.kind, w.sheetNumber, w.positions])).toEqual([['missing_sheet', 'A-102', []]]);
    expect(warnings[0].message).toMatch(/^Sheet A-102 is listed in the drawing index on the first sheet/);
  });
  it('takes no code reference on the cover for a sheet', () => {
    expect(sheetWarnings(set('G0.0', 'A-101', 'A-102'), ['G0.0', 'R-2', 'A-101', 'A-102'])).toEqual([]);
  });
  it('asks nothing of a cover that lists fewer than two of the set’s sheets', () => {
    expect(sheetWarnings(set('A-101', 'A-102'), ['A-105'])).toEqual([]);
  });
  it('compares numbers however their dashes are written', () => {
    expect(sheetWarnings(set('A\u2013101', 'a-101')).map((w) => w.positions)).toEqual([[1, 2]]);
  });
  it('warns of nothing on a set without sheet numbers', () => {
    expect(sheetWarnings(set(null, null))).toEqual([]);
  });
});

describe('drawingIndexOf', () => {
  const plan = (position: number, n: string) => ({ position, sheetTitle: 'FLOOR PLAN', listedSheets: [n] });
  it('finds the cover wherever it sits, not only on the first sheet', () => {
    const cover = { position: 4, sheetTitle: 'COVER SHEET', listedSheets: ['G-001', 'A-101', 'A-102', 'A-104'] };
    expect(drawingIndexOf([plan(1, 'A-101'), plan(2, 'A-102'), plan(3, 'A-103'), cover])).toEqual({ position: 4, listed: cover.listedSheets });
  });
  it('prefers a sheet titled as the index over a longer list of callouts elsewhere', () => {
    const details = { position: 2, sheetTitle: 'DETAILS', listedSheets: ['A-501', 'A-502', 'A-503', 'A-504', 'A-505'] };
    const index = { position: 3, sheetTitle: 'DRAWING LIST', listedSheets: ['A-101', 'A-102', 'A-501'] };
    expect(drawingIndexOf([plan(1, 'A-101'), details, index])?.position).toBe(3);
    expect(drawingIndexOf([plan(1, 'A-101'), details])?.position).toBe(2);
  });
  it('finds none when every sheet names only itself', () => {
    expect(drawingIndexOf([plan(1, 'A-101'), plan(2, 'A-102')])).toBeNull();
  });
});
