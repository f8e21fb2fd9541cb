/**
 * The drawing scales written on a sheet, found in its text: the server names them in each sheet's
 * report (the MuPDF child reads the text), and the client can name the same notes in any text of its
 * own with the same function. Pure text matching.
 */

const QUOTE = `["\u201d\u2033]`;
const FOOT = `['\u2019\u2032]`;
const NUM = `\\d+(?:\\.\\d+)?`;
const FRACTION = `(?:(?:\\d+\\s*[- ]\\s*)?\\d+\\s*/\\s*\\d+|${NUM})`;
const SCALE_PATTERNS = [
  // 1/4" = 1'-0", 1 1/2" = 1'-0", 3/32"=1'0"; 1" = 20', 1" = 20'-0"; 1:100 after the word SCALE.
  new RegExp(`${FRACTION}\\s*${QUOTE}\\s*=\\s*${NUM}\\s*${FOOT}(?:\\s*-?\\s*${FRACTION}\\s*${QUOTE})?`, 'g'),
  /\bSCALE\s*:?\s*1\s*:\s*\d+(?:[.,]\d+)?\b/gi,
  /\bN\.?\s?T\.?\s?S\b\.?|\bNOT\s+TO\s+SCALE\b/gi,
];

/** The note standing for "not to scale", however it is written. */
export const NOT_TO_SCALE = 'NTS';

/**
 * The drawing scales written in `text`, as written with runs of spaces made one, in reading order,
 * each once; NOT_TO_SCALE for "not to scale" (N.T.S., NTS, NOT TO SCALE).
 */
export function findScaleNotes(text: string): string[] {
  const found: { at: number; note: string }[] = [];
  for (const pattern of SCALE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[0].replace(/\s+/g, ' ').trim();
      const note = /^N\.?\s?T|^NOT/i.test(raw) ? NOT_TO_SCALE : raw;
      found.push({ at: match.index ?? 0, note });
    }
  }
  const notes: string[] = [];
  for (const { note } of found.sort((a, b) => a.at - b.at)) if (!notes.includes(note)) notes.push(note);
  return notes;
}
