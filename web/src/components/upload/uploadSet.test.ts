import { describe, expect, it } from 'vitest';
import type { UploadInfo, UploadSheet } from '#shared/upload';
import { combineSet, movePositions, type ReadyInfo } from './uploadSet';

const sheet = (number: number, sheetNumber: string | null, widthIn = 36, heightIn = 24): UploadSheet => ({
  number,
  widthIn,
  heightIn,
  paper: widthIn * heightIn > 24 * 36 ? '30x42' : '24x36',
  sizeName: null,
  color: false,
  colorShare: 0,
  blank: false,
  scaleNotes: [],
  lowResolution: false,
  previewUrl: null,
  sheetNumber,
  sheetTitle: null,
  printNotes: null,
});

function file(id: string, sheets: UploadSheet[], listedSheets: string[] = []): ReadyInfo {
  const info: UploadInfo = {
    uploadId: id,
    status: 'ready',
    fileName: `${id}.pdf`,
    fileSize: 100,
    pageCount: sheets.length,
    detectedSize: sheets.some((s) => s.paper === '30x42') ? '30x42' : '24x36',
    actualSize: null,
    message: null,
    sheets,
    colorSheetCount: 0,
    warnings: [],
    listedSheets,
    sheetsComplete: true,
  };
  return info as ReadyInfo;
}

describe('combineSet', () => {
  it('numbers sheets through the set and checks the whole set with the first file’s index', () => {
    const set = combineSet([
      file('a', [sheet(1, 'G0.0'), sheet(2, 'A-101')], ['G0.0', 'A-101', 'A-102', 'A-201']),
      file('b', [sheet(1, 'A-101')]),
      file('c', [sheet(1, 'A-102', 42, 30)]),
    ]);
    expect(set.pageCount).toBe(4);
    expect(set.detectedSize).toBe('mixed');
    expect(set.files?.map((f) => f.firstPosition)).toEqual([1, 3, 4]);
    expect(set.sheets?.map((s) => [s.number, s.sheetNumber])).toEqual([
      [1, 'G0.0'],
      [2, 'A-101'],
      [3, 'A-101'],
      [4, 'A-102'],
    ]);
    expect(set.warnings?.map((w) => [w.kind, w.sheetNumber, w.positions])).toEqual([
      ['duplicate_sheet', 'A-101', [2, 3]],
      ['missing_sheet', 'A-201', []],
    ]);
  });

  it('reads the index from the cover wherever it sits in the set, so a cover chosen last still warns', () => {
    const set = combineSet([
      file('a', [sheet(1, 'A-101')], ['A-101']),
      file('b', [sheet(1, 'A-102')], ['A-102']),
      file('g', [sheet(1, 'G-001')], ['G-001', 'A-101', 'A-102', 'A-104']),
    ]);
    expect(set.warnings?.map((w) => [w.kind, w.sheetNumber])).toEqual([['missing_sheet', 'A-104']]);
    expect(set.warnings?.[0].message).toMatch(/^Sheet A-104 is listed in the drawing index on sheet 3,/);
  });

  it('warns of nothing until every file’s report is complete', () => {
    const late = { ...file('b', [sheet(1, 'A-101')]), sheetsComplete: false };
    expect(combineSet([file('a', [sheet(1, 'A-101')]), late]).warnings).toEqual([]);
  });
});

describe('movePositions', () => {
  it('moves chosen sheets with their file and drops a removed file’s', () => {
    const before = combineSet([file('a', [sheet(1, null), sheet(2, null)]), file('b', [sheet(1, null)]), file('c', [sheet(1, null)])]).files ?? [];
    const swapped = combineSet([file('c', [sheet(1, null)]), file('a', [sheet(1, null), sheet(2, null)])]).files ?? [];
    // Sheet 2 of a (position 2) and c (position 4); b (position 3) is gone.
    expect(movePositions(before, swapped, [2, 3, 4])).toEqual([1, 3]);
  });
});
