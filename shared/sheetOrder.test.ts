import { describe, expect, it } from 'vitest';
import { numberGaps, parseSheetNumber, sortSheetPositions } from './sheetOrder';
import { sheetWarnings } from './sheetNumbers';

const set = (...numbers: (string | null)[]) => numbers.map((sheetNumber, i) => ({ position: i + 1, sheetNumber }));
const sorted = (...numbers: (string | null)[]) => sortSheetPositions(numbers).map((p) => numbers[p - 1]);

describe('parseSheetNumber', () => {
  it.each([
    ['A-101', { designator: 'A', type: 1, sequence: 1, suffix: '' }],
    ['A1.01', { designator: 'A', type: 1, sequence: 1, suffix: '' }],
    ['S-2.1', { designator: 'S', type: 2, sequence: 1, suffix: '' }],
    ['M001', { designator: 'M', type: 0, sequence: 1, suffix: '' }],
    ['FP-101A', { designator: 'FP', type: 1, sequence: 1, suffix: 'A' }],
    ['a\u2013201', { designator: 'A', type: 2, sequence: 1, suffix: '' }],
  ])('%s', (text, parts) => {
    expect(parseSheetNumber(text)).toMatchObject(parts);
  });
  it('is null for text that is not a sheet number', () => {
    expect(parseSheetNumber('COVER')).toBeNull();
    expect(parseSheetNumber(null)).toBeNull();
  });
});

describe('sortSheetPositions', () => {
  it('puts the issue’s set in the standard’s order', () => {
    expect(sortSheetPositions(['G-001', 'A-101', 'S-101', 'A-102', 'A-104', 'C-101'])).toEqual([1, 6, 3, 2, 4, 5]);
  });
  it('orders disciplines as the National CAD Standard lists them', () => {
    expect(sorted('O-101', 'E-101', 'M-101', 'P-101', 'F-101', 'A-101', 'S-101', 'L-101', 'C-101', 'G-001')).toEqual([
      'G-001',
      'C-101',
      'L-101',
      'S-101',
      'A-101',
      'F-101',
      'P-101',
      'M-101',
      'E-101',
      'O-101',
    ]);
  });
  it('orders by sheet type, then number: A-001 before A-101 before A-201', () => {
    expect(sorted('A-201', 'A-101', 'A-001', 'A-110', 'A-102')).toEqual(['A-001', 'A-101', 'A-102', 'A-110', 'A-201']);
  });
  it('reads A1.01 and A-101 styles alike', () => {
    expect(sorted('A2.01', 'A-102', 'A1.01', 'S1.01')).toEqual(['S1.01', 'A1.01', 'A-102', 'A2.01']);
  });
  it('puts a discipline before its modifiers and a lettered sheet after its number', () => {
    expect(sorted('AD-101', 'A-101A', 'A-101', 'FP-101', 'F-101')).toEqual(['A-101', 'A-101A', 'AD-101', 'F-101', 'FP-101']);
  });
  it('keeps unnumbered sheets at the end, in the order they had', () => {
    expect(sortSheetPositions([null, 'A-101', 'NOTES', 'G-001', null])).toEqual([4, 2, 1, 3, 5]);
  });
  it('keeps a number carried twice in the order it had, and leaves an empty set empty', () => {
    expect(sortSheetPositions(['A-102', 'A-101', 'A-101'])).toEqual([2, 3, 1]);
    expect(sortSheetPositions([])).toEqual([]);
  });
});

describe('numberGaps', () => {
  it('finds the one number a series skips, written like its neighbours', () => {
    expect(numberGaps(set('G-001', 'A-101', 'S-101', 'A-102', 'A-104', 'C-101'))).toEqual([
      { missing: 'A-103', before: 'A-102', after: 'A-104', positions: [4, 5] },
    ]);
    expect(numberGaps(set('A1.01', 'A1.03')).map((g) => g.missing)).toEqual(['A1.02']);
    expect(numberGaps(set('M001', 'M003')).map((g) => g.missing)).toEqual(['M002']);
  });
  it('takes a wider jump, another type or another style for the numbering chosen', () => {
    expect(numberGaps(set('A-101', 'A-105', 'A-110', 'A-120', 'A-201'))).toEqual([]);
    expect(numberGaps(set('A-101', 'A-202'))).toEqual([]);
    expect(numberGaps(set('A-101', 'A1.03'))).toEqual([]);
    expect(numberGaps(set('A-101', 'A-101A', 'A-103A'))).toEqual([]);
  });
});

describe('the number_gap warning', () => {
  it('says which sheet is not in the set and between which it falls', () => {
    expect(sheetWarnings(set('G-001', 'A-101', 'S-101', 'A-102', 'A-104', 'C-101'))).toEqual([
      { kind: 'number_gap', sheetNumber: 'A-103', positions: [4, 5], message: 'A-103 is not in the set: A-102 is followed by A-104' },
    ]);
  });
  it('is not said again for a number the drawing index already reports missing', () => {
    const warnings = sheetWarnings(set('G0.0', 'A-101', 'A-103', 'S-101', 'S-103'), ['G0.0', 'A-101', 'A-102', 'A-103']);
    expect(warnings.map((w) => [w.kind, w.sheetNumber])).toEqual([
      ['missing_sheet', 'A-102'],
      ['number_gap', 'S-102'],
    ]);
  });
});
