import { describe, expect, it } from 'vitest';
import { UPLOAD_STATUSES, type UploadStatus } from '#shared/sheets';
import { moveSheetReport, moveUpload, sheetReportStatuses, uploadSourcesOf, type SheetReportState, type UploadMoveCause } from './uploadMoves';

type Cell = `${'move' | 'refused'}/${'move' | 'refused'}`;
const NONE: Record<UploadStatus, Cell> = { analyzing: 'refused/refused', ready: 'refused/refused', rejected: 'refused/refused' };

/** Every (from, to) cell of the status table, written out as "verdict/report": which cause may make the move. */
const EXPECTED: Record<UploadStatus, Record<UploadStatus, Cell>> = {
  analyzing: { ...NONE, ready: 'move/refused', rejected: 'move/refused' },
  ready: { ...NONE, rejected: 'refused/move' },
  rejected: NONE,
};

const REPORT_STATES: SheetReportState[] = ['pending', 'complete'];
/** Every (upload status, from, to) cell of the sheet report table. */
const REPORT_EXPECTED: Record<UploadStatus, Record<SheetReportState, Record<SheetReportState, 'move' | 'refused'>>> = {
  analyzing: { pending: { pending: 'refused', complete: 'refused' }, complete: { pending: 'refused', complete: 'refused' } },
  ready: { pending: { pending: 'refused', complete: 'move' }, complete: { pending: 'refused', complete: 'refused' } },
  rejected: { pending: { pending: 'refused', complete: 'refused' }, complete: { pending: 'refused', complete: 'refused' } },
};

describe('the upload moves table', () => {
  for (const from of UPLOAD_STATUSES) {
    for (const to of UPLOAD_STATUSES) {
      const [verdict, report] = EXPECTED[from][to].split('/');
      for (const [cause, expected] of [
        ['verdict', verdict],
        ['report', report],
      ] as [UploadMoveCause, string][]) {
        it(`${from} → ${to} by the ${cause} is ${expected}`, () => {
          const answer = moveUpload(from, to, cause);
          expect(answer.kind).toBe(expected);
          if (answer.kind === 'refused') expect(answer.reason).toMatch(/^[A-Z].*\.$/);
        });
      }
    }
  }

  it('answers the where clause of each conditional update from the table', () => {
    expect(uploadSourcesOf('ready', 'verdict')).toEqual(['analyzing']);
    expect(uploadSourcesOf('rejected', 'verdict')).toEqual(['analyzing']);
    expect(uploadSourcesOf('rejected', 'report')).toEqual(['ready']);
    expect(uploadSourcesOf('analyzing', 'verdict')).toEqual([]);
    expect(uploadSourcesOf('ready', 'report')).toEqual([]);
  });

  it('refuses a second verdict on a ready upload in words that say what may still turn it down', () => {
    expect(moveUpload('ready', 'rejected', 'verdict')).toEqual({
      kind: 'refused',
      reason: 'This upload already has its verdict: only its sheet report may still turn it down.',
    });
  });
});

describe('the sheet report moves table', () => {
  for (const status of UPLOAD_STATUSES) {
    for (const from of REPORT_STATES) {
      for (const to of REPORT_STATES) {
        const expected = REPORT_EXPECTED[status][from][to];
        it(`a ${status} upload's report ${from} → ${to} is ${expected}`, () => {
          const answer = moveSheetReport(status, from, to);
          expect(answer.kind).toBe(expected);
          if (answer.kind === 'refused') expect(answer.reason).toMatch(/^[A-Z].*\.$/);
        });
      }
    }
  }

  it('completes a report only while its upload is ready', () => {
    expect(sheetReportStatuses()).toEqual(['ready']);
    expect(moveSheetReport('rejected', 'pending', 'complete')).toEqual({
      kind: 'refused',
      reason: 'This upload is rejected: it has no sheet report to complete.',
    });
  });
});
