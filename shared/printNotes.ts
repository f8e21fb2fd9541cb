/**
 * What will not print as it looks on screen, sheet by sheet: hairlines, light grey that B&W printers
 * drop, and text in fonts the file does not carry. The MuPDF report measures shares
 * (`PrintFindings`, core/services/pdf/printFindings.ts); the words a customer reads are made here,
 * so the API and the card say the same.
 */

/** A stroke thinner than this many points as printed may not print. */
export const HAIRLINE_PT = 0.1;
/** Half-size sets print every sheet at 50%: a line this thin as drawn is a hairline there. */
export const HALF_SIZE_HAIRLINE_PT = HAIRLINE_PT * 2;
/** Linework or text lighter than this much black (0–1) is dropped by B&W printers. */
export const LIGHT_GRAY_BLACK = 0.2;

/**
 * The report's measures of one sheet, each a share (0–1): of its stroked lines, those thinner than
 * HAIRLINE_PT at full size (`hairline`) and at half size (`hairlineHalf`, which holds the others); of
 * its stroked lines and text, those lighter than LIGHT_GRAY_BLACK (`lightGray`); of its text, that
 * set in a font the file does not embed (`missingFont`, the fonts named in `missingFonts`).
 */
export type PrintFindings = { hairline: number; hairlineHalf: number; lightGray: number; missingFont: number; missingFonts: string[] };

export const PRINT_NOTE_KINDS = ['hairline', 'light_gray', 'missing_font'] as const;
export type PrintNoteKind = (typeof PRINT_NOTE_KINDS)[number];
/**
 * One note of a sheet: `share` of it affected (0–1) and what to do. A hairline note says at which
 * printed scale it holds (`printedAt`): `full` when the lines are too thin at full size already,
 * `half` when only the half-size sets make them so. They warn; they never block.
 */
export type PrintNote = { kind: PrintNoteKind; share: number; message: string; printedAt?: 'full' | 'half' };

/** 0.123 → "12%"; anything above nothing reads at least "1%", never "0%". */
function percent(share: number): string {
  return `${Math.max(1, Math.round(share * 100))}%`;
}

/** A list of names: "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The notes of a sheet named `sheet` (its number, `A-201`, or "sheet 3") from what the report found. */
export function printNotesOf(found: PrintFindings, sheet: string): PrintNote[] {
  const notes: PrintNote[] = [];
  if (found.hairline > 0) {
    notes.push({
      kind: 'hairline',
      share: found.hairline,
      printedAt: 'full',
      message: `Lines thinner than ${HAIRLINE_PT} pt cover ${percent(found.hairline)} of ${sheet}; they may not print. Re-export with a minimum line weight.`,
    });
  } else if (found.hairlineHalf > 0) {
    notes.push({
      kind: 'hairline',
      share: found.hairlineHalf,
      printedAt: 'half',
      message: `Lines thinner than ${HAIRLINE_PT} pt cover ${percent(found.hairlineHalf)} of ${sheet} at half size; they may not print. Re-export with a minimum line weight, or choose Full size only.`,
    });
  }
  if (found.lightGray > 0) {
    notes.push({
      kind: 'light_gray',
      share: found.lightGray,
      message: `Linework or text lighter than ${LIGHT_GRAY_BLACK * 100}% black covers ${percent(found.lightGray)} of ${sheet}; black-and-white printers may drop it. Re-export it darker, or print in color.`,
    });
  }
  if (found.missingFont > 0) {
    const fonts = found.missingFonts.length > 0 ? ` (${listed(found.missingFonts)})` : '';
    notes.push({
      kind: 'missing_font',
      share: found.missingFont,
      message: `Text in fonts the file does not include${fonts} covers ${percent(found.missingFont)} of the text on ${sheet}; it will print in a substitute font and may not fit. Re-export with fonts embedded.`,
    });
  }
  return notes;
}
