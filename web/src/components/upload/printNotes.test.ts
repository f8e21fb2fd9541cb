import { describe, expect, it } from 'vitest';
import type { PrintNote } from '#shared/printNotes';
import type { UploadSheet } from '#shared/upload';
import { notesFor } from './SetNotes';

const sheet = (number: number, printNotes: PrintNote[] | null) => ({ number, printNotes }) as UploadSheet;
const full: PrintNote = { kind: 'hairline', share: 0.5, printedAt: 'full', message: 'thin at full size' };
const half: PrintNote = { kind: 'hairline', share: 0.5, printedAt: 'half', message: 'thin at half size' };
const gray: PrintNote = { kind: 'light_gray', share: 0.2, message: 'light' };

describe('notesFor', () => {
  it('shows half-size hairlines only when half-size sets are ordered, the rest always', () => {
    const sheets = [sheet(1, [full, gray]), sheet(2, [half]), sheet(3, null)];
    expect(notesFor(sheets, 0).map((n) => n.message)).toEqual(['thin at full size', 'light']);
    expect(notesFor(sheets, 2).map((n) => n.message)).toEqual(['thin at full size', 'light', 'thin at half size']);
    expect(notesFor(null, 1)).toEqual([]);
  });
});
