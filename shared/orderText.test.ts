import { describe, expect, it } from 'vitest';
import { orderName, printsText, revisionText } from './orderText';
import { uploadsBody } from './checkout';

describe('revisionText', () => {
  it('names the order revised and the sheets reprinted, by number or by count', () => {
    expect(revisionText('1A2B3C4D', ['A-101', 'A-201'])).toBe('Revision of order #1A2B3C4D — sheets A-101, A-201 reprinted');
    expect(revisionText('1A2B3C4D', ['sheet 3'])).toBe('Revision of order #1A2B3C4D — sheet 3 reprinted');
    expect(revisionText('1A2B3C4D', ['A-101', 'sheet 3'])).toBe('Revision of order #1A2B3C4D — sheets A-101, sheet 3 reprinted');
    expect(revisionText('1A2B3C4D', 2)).toBe('Revision of order #1A2B3C4D — 2 sheets reprinted');
    expect(revisionText(null, 1)).toBe('Revision of an earlier issue — 1 sheet reprinted');
  });
});

describe('uploadsBody', () => {
  it('sends a revision and its positions with the files', () => {
    const uploadId = '11111111-1111-4111-8111-111111111111';
    expect(uploadsBody({ uploadId })).toEqual({ uploadId });
    expect(uploadsBody({ uploadId, revision: { revisionId: uploadId, printPositions: [2, 4], previousOrderNumber: null } })).toEqual({
      uploadId,
      revisionId: uploadId,
      printPositions: [2, 4],
    });
  });
});

describe('orderName', () => {
  const files = [
    { fileName: 'A-101.pdf', pageCount: 1, sheetNumbers: ['A-101'] },
    { fileName: 'Plans.pdf', pageCount: 5, sheetNumbers: ['A-102', 'A-103', 'A-104', 'A-105', 'A-107'] },
  ];
  it('names a set by its sheet range, never by its first file', () => {
    expect(orderName({ jobName: null, files, printPositions: null, revisionOf: null })).toBe('A-101 – A-107, 6 sheets');
  });
  it('names a reprint by what it prints', () => {
    expect(orderName({ jobName: null, files, printPositions: [2, 6], revisionOf: '1A2B3C4D' })).toBe('A-102, A-107 of the revision of #1A2B3C4D');
    expect(orderName({ jobName: null, files, printPositions: [1, 2, 3, 4, 5], revisionOf: null })).toBe('A-101 … A-105, 5 sheets of a revision');
  });
  it('prefers the job name, and falls back to the file names without sheet numbers', () => {
    expect(orderName({ jobName: 'Hoboken Tower', files, printPositions: null, revisionOf: null })).toBe('Hoboken Tower');
    expect(orderName({ jobName: null, files: files.map((f) => ({ ...f, sheetNumbers: null })), printPositions: null, revisionOf: null })).toBe(
      'A-101.pdf + 1 more file',
    );
  });
});

describe('printsText', () => {
  it('names each paper once, full and half-size, without the ink', () => {
    expect(
      printsText([
        { description: '24" x 36" black and white', quantity: 4 },
        { description: '24" x 36" color', quantity: 1 },
        { description: '12" x 18" half-size black and white', quantity: 5 },
      ]),
    ).toBe('5 sheets 24" x 36" + 5 sheets 12" x 18" half-size');
  });
});
