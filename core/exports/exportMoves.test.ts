import { describe, expect, it } from 'vitest';
import { canMoveExport, EXPORT_STATUSES, exportSourcesOf, type ExportStatus } from './exportMoves';

/** Every (from, to) cell: whether the export may move. */
const EXPECTED: Record<ExportStatus, Record<ExportStatus, boolean>> = {
  processing: { processing: false, completed: true, failed: true },
  completed: { processing: false, completed: false, failed: false },
  failed: { processing: false, completed: false, failed: false },
};

describe('the export moves table', () => {
  for (const from of EXPORT_STATUSES) {
    for (const to of EXPORT_STATUSES) {
      it(`${from} → ${to} is ${EXPECTED[from][to] ? 'allowed' : 'refused'}`, () => {
        expect(canMoveExport(from, to)).toBe(EXPECTED[from][to]);
      });
    }
  }

  it('finishes only a processing export, so a finished one is never rewritten', () => {
    expect(exportSourcesOf('completed')).toEqual(['processing']);
    expect(exportSourcesOf('failed')).toEqual(['processing']);
    expect(exportSourcesOf('processing')).toEqual([]);
  });
});
