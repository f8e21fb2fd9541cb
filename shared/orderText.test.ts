import { describe, expect, it } from 'vitest';
import { revisionText } from './orderText';
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
