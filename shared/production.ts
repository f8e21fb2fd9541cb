/**
 * The papers the counter prints on and the print-ready files' JSON (docs/decisions/055): pure, used
 * by the worker that builds the files, the admin API and the admin screen.
 */
import { z } from 'zod';
import type { PrintSize } from './pricing';

/** Every paper a batch prints on: the two full-size rolls and the half-size sheets cut from them. */
export const PAPERS = ['24x36', '30x42', '12x18', '15x21'] as const;
export type Paper = (typeof PAPERS)[number];

/** A paper's size in inches, short side first (the page is portrait: width short, height long). */
export const PAPER_INCHES: Record<Paper, { shortIn: number; longIn: number }> = {
  '24x36': { shortIn: 24, longIn: 36 },
  '30x42': { shortIn: 30, longIn: 42 },
  '12x18': { shortIn: 12, longIn: 18 },
  '15x21': { shortIn: 15, longIn: 21 },
};

/** Half-size sets print at exactly 50% on half of the full sheet's paper. */
export const HALF_PAPER: Record<PrintSize, Paper> = { '24x36': '12x18', '30x42': '15x21' };

/** The scale a half-size set prints at. */
export const HALF_SCALE = 0.5;

export const INKS = ['color', 'bw'] as const;
export type Ink = (typeof INKS)[number];

/** One print-ready file as `GET /api/admin/orders/{id}/print-files` lists it. */
export const printFileJson = z.object({
  batchId: z.uuid(),
  /** Null while the order's one recipient is its customer. */
  recipientId: z.uuid().nullable(),
  paper: z.enum(PAPERS),
  ink: z.enum(INKS),
  sets: z.number().int(),
  halfSize: z.boolean(),
  /** Every page of the file, banner included. */
  pages: z.number().int(),
  bytes: z.number().int(),
  url: z.string(),
});
export type PrintFileJson = z.infer<typeof printFileJson>;

/** `24x36` → `24" x 36"`. */
export function paperText(paper: Paper): string {
  const { shortIn, longIn } = PAPER_INCHES[paper];
  return `${shortIn}" x ${longIn}"`;
}
