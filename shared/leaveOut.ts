/**
 * Leaving out the sheets of a file that no paper takes (docs/decisions/090): how such a sheet is
 * named, and the words the card keeps beside the upload made without it. Apart from sheets.ts so the
 * card's leave-out offer, loaded only when a file needs it, carries nothing else.
 */

/** Where a file is asked for again without its unprintable sheets. */
export const leaveOutPath = (uploadId: string) => `/api/uploads/${uploadId}/leave-out`;

/**
 * A sheet of a file that no paper takes at 100%, as a refused upload names it (`unprintableSheets`)
 * and an upload made without it keeps it (`leftOut`): its page in the file, its size (`8.5" x 11"`)
 * and standard name, and the refusal's words for why.
 */
export type UnprintableSheet = { page: number; size: string; sizeName: string | null; reason: string };

/** "sheet 3" / "sheets 3 and 7" / "sheets 2, 3 and 7". */
export function sheetPagesText(pages: readonly number[]): string {
  if (pages.length === 1) return `sheet ${pages[0]}`;
  return `sheets ${pages.slice(0, -1).join(', ')} and ${pages[pages.length - 1]}`;
}

/** The words kept beside an upload made without a sheet: `Sheet 3 (8.5" x 11") is left out: smaller than the smallest sheet we print, 17" x 22".` */
export function leftOutSentence(sheet: UnprintableSheet): string {
  return `Sheet ${sheet.page} (${sheet.size}) is left out: ${sheet.reason}.`;
}
