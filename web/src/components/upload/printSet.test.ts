import { describe, expect, it } from 'vitest';
import type { UploadSheet } from '#shared/upload';
import {
  autoLabel,
  detectedColorSheets,
  formatMegabytes,
  initialInk,
  papersUsed,
  priceOf,
  printTypesFor,
  scaleKeptText,
  scalingOnPaper,
  setsProblem,
  toggledColorSheets,
  uploadPapers,
  type ConfiguredUpload,
} from './printSet';

const sheet = (number: number, color: boolean | null, widthIn = 36, heightIn = 24): UploadSheet => ({
  number,
  widthIn,
  heightIn,
  paper: widthIn * heightIn > 24 * 36 ? '30x42' : '24x36',
  sizeName: null,
  color,
  colorShare: 0,
  blank: false,
  scaleNotes: [],
  lowResolution: false,
  previewUrl: null,
  sheetNumber: null,
  sheetTitle: null,
  printNotes: null,
});

const upload = (sheets: UploadSheet[] | null, detectedSize: ConfiguredUpload['detectedSize'] = '24x36', pageCount = sheets?.length ?? 2): ConfiguredUpload => ({
  uploadId: 'u',
  fileName: 'set.pdf',
  fileSize: 1024 * 1024,
  pageCount,
  detectedSize,
  sheets,
});

describe('the set’s ink', () => {
  it('reads the detected color sheets, or null before color is judged', () => {
    expect(detectedColorSheets(upload([sheet(1, null), sheet(2, null)]))).toBeNull();
    expect(detectedColorSheets(upload([sheet(1, true), sheet(2, false)]))).toEqual([1]);
  });

  it('starts B&W, all color, or color only where needed from what was found', () => {
    expect(initialInk(upload([sheet(1, false), sheet(2, false)]))).toEqual({ printType: 'bw', colorSheets: [] });
    expect(initialInk(upload([sheet(1, true), sheet(2, true)]))).toEqual({ printType: 'color', colorSheets: [] });
    expect(initialInk(upload([sheet(1, false), sheet(2, true)]))).toEqual({ printType: 'auto', colorSheets: [2] });
  });

  it('offers color only where needed for a mixed set or once chosen', () => {
    expect(printTypesFor(upload([sheet(1, false), sheet(2, false)]), 'bw')).toEqual(['bw', 'color']);
    expect(printTypesFor(upload([sheet(1, true), sheet(2, false)]), 'bw')).toEqual(['bw', 'color', 'auto']);
    expect(printTypesFor(upload([sheet(1, false), sheet(2, false)]), 'auto')).toEqual(['bw', 'color', 'auto']);
    expect(autoLabel(1)).toMatch(/\(1 color sheet\)$/);
  });

  it('switches one sheet from what prints in color now', () => {
    const set = upload([sheet(1, false), sheet(2, false), sheet(3, false)]);
    expect(toggledColorSheets(set, { printType: 'color', colorSheets: [] }, 2)).toEqual([1, 3]);
    expect(toggledColorSheets(set, { printType: 'auto', colorSheets: [3] }, 1)).toEqual([1, 3]);
    expect(toggledColorSheets(set, { printType: 'bw', colorSheets: [3] }, 2)).toEqual([2]);
  });
});

describe('papers and price', () => {
  it('knows a mixed set’s papers only from its sheets', () => {
    expect(uploadPapers(upload(null, 'mixed', 2))).toBeNull();
    expect(papersUsed(upload(null, 'mixed', 2))).toEqual(['24x36', '30x42']);
    expect(uploadPapers(upload([sheet(1, false), sheet(2, false, 42, 30)], 'mixed'))).toEqual(['24x36', '30x42']);
    expect(scaleKeptText(upload(null, 'mixed', 2))).toContain('(each sheet on the one it fits)');
  });

  it('says how sheets change on another paper', () => {
    expect(scalingOnPaper(upload(null, '24x36'), '30x42')).toBe('enlarged');
    expect(scalingOnPaper(upload([sheet(1, false, 42, 30)], '30x42'), '24x36')).toBe('reduced');
    expect(scalingOnPaper(upload([sheet(1, false), sheet(2, false, 42, 30)], 'mixed'), '30x42')).toBe('enlarged');
    expect(scalingOnPaper(upload([sheet(1, false)]), '24x36')).toBeNull();
  });

  it('prices only chosen, in-range choices, and a mixed set at its own size only once its sheets are known', () => {
    const set = upload([sheet(1, false), sheet(2, false)]);
    const choices = { printSize: 'asDrawn' as const, printType: 'bw' as const, sets: 1, halfSets: 0, colorSheets: [] };
    expect(priceOf(set, choices)?.subtotalCents).toBeGreaterThan(0);
    expect(priceOf(set, { ...choices, printType: null })).toBeNull();
    expect(priceOf(set, { ...choices, sets: 0 })).toBeNull();
    expect(priceOf(upload(null, 'mixed', 2), choices)).toBeNull();
  });

  it('checks a typed number of sets and names file sizes', () => {
    expect(setsProblem('2')).toBeNull();
    expect(setsProblem('')).toMatch(/^Sets must be a whole number/);
    expect(setsProblem('1.5', 'Half-size sets')).toMatch(/^Half-size sets must be/);
    expect(formatMegabytes(1024 * 1024 * 1.5)).toBe('1.50 MB');
    expect(formatMegabytes(10)).toBe('0.01 MB');
  });
});
