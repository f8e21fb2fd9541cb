/**
 * The papers the counter prints on and the print-ready files' JSON (docs/decisions/055): pure, used
 * by the worker that builds the files, the admin API and the admin screen.
 */
import { z } from 'zod';
import type { PrintSize } from './pricing';

/**
 * Every paper a batch prints on: the two full-size rolls, the half-size sheets cut from them, and
 * the 11" x 17" of the reduced sets.
 */
export const PAPERS = ['24x36', '30x42', '12x18', '15x21', '11x17'] as const;
export type Paper = (typeof PAPERS)[number];

/** A paper's size in inches, short side first (the page is portrait: width short, height long). */
export const PAPER_INCHES: Record<Paper, { shortIn: number; longIn: number }> = {
  '24x36': { shortIn: 24, longIn: 36 },
  '30x42': { shortIn: 30, longIn: 42 },
  '12x18': { shortIn: 12, longIn: 18 },
  '15x21': { shortIn: 15, longIn: 21 },
  '11x17': { shortIn: 11, longIn: 17 },
};

/** Half-size sets print at exactly 50% on half of the full sheet's paper. */
export const HALF_PAPER: Record<PrintSize, Paper> = { '24x36': '12x18', '30x42': '15x21' };

/** The scale a half-size set prints at. */
export const HALF_SCALE = 0.5;

/**
 * The paper of the reduced sets' batches, and only theirs: a batch on it is a reduced set, every
 * sheet fit to the paper (not to scale) and marked so in its margin (./finishing.ts, REDUCED_MARK).
 */
export const REDUCED_BATCH_PAPER = '11x17' satisfies Paper;

/** Whether a batch on this paper is a reduced set (fit to 11" x 17", not to scale). */
export function isReducedPaper(paper: Paper): boolean {
  return paper === REDUCED_BATCH_PAPER;
}

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

/** The words for a printer address that is not IPP. */
export const PRINTER_URI_MESSAGE = "A printer's address must be an ipp:// or ipps:// URI, such as ipp://192.168.1.20/ipp/print.";

/** How the shop reaches a printer: IPP at an address, or a hot folder the shop writes to. */
export const printerConnection = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('ipp'),
      uri: z
        .string({ error: PRINTER_URI_MESSAGE })
        .trim()
        .max(500, { error: PRINTER_URI_MESSAGE })
        .refine((uri) => /^ipps?:\/\/[^/\s]+/i.test(uri) && URL.canParse(uri), { error: PRINTER_URI_MESSAGE }),
    }),
    z.object({ kind: z.literal('folder') }),
  ],
  { error: 'Choose how the shop reaches the printer: "ipp" with its address, or "folder".' },
);
export type PrinterConnection = z.infer<typeof printerConnection>;

/** A printer as the admin sends it (POST); PATCH takes any part of it. */
export const printerInput = z.object({
  name: z
    .string({ error: 'Give the printer a name.' })
    .trim()
    .min(1, { error: 'Give the printer a name.' })
    .max(80, { error: 'A printer name is at most 80 characters.' }),
  connection: printerConnection,
  papers: z
    .array(z.enum(PAPERS, { error: `Papers are ${PAPERS.join(', ')}.` }), { error: 'List the papers the printer takes.' })
    .min(1, { error: 'A printer takes at least one paper.' })
    .transform((papers) => PAPERS.filter((p) => papers.includes(p))),
  color: z.boolean({ error: 'Say whether the printer prints in color (true or false).' }),
  sheetsPerHour: z
    .number({ error: 'Sheets an hour must be a whole number from 1 to 10000.' })
    .int({ error: 'Sheets an hour must be a whole number from 1 to 10000.' })
    .min(1, { error: 'Sheets an hour must be a whole number from 1 to 10000.' })
    .max(10000, { error: 'Sheets an hour must be a whole number from 1 to 10000.' }),
});
export type PrinterInput = z.output<typeof printerInput>;
export const printerPatch = printerInput.partial();
export type PrinterPatch = z.output<typeof printerPatch>;

/** A printer as the admin API answers it. */
export type PrinterJson = PrinterInput & { id: string };

/** One batch of the production queue. */
export type ProductionBatchJson = {
  batchId: string;
  orderId: string;
  orderNumber: string;
  recipient: string;
  paper: Paper;
  ink: Ink;
  pages: number;
  readyBy: string | null;
  rush: boolean;
  printerId: string | null;
  state: 'waiting' | 'sent' | 'printing' | 'printed' | 'failed';
  message: string | null;
};

/** The body of `POST /api/admin/production/{batchId}/send`. */
export const sendBatchInput = z.object({ printerId: z.uuid({ error: 'Choose a printer to send the batch to.' }) });

/** Each paper's PWG media name, as an IPP printer is told it. */
export const PWG_MEDIA: Record<Paper, string> = {
  '24x36': 'na_arch-d_24x36in',
  '30x42': 'na_wide-format_30x42in',
  '12x18': 'na_arch-b_12x18in',
  '15x21': 'custom_15x21_15x21in',
  '11x17': 'na_ledger_11x17in',
};

const PAGES_EXAMPLE = 'such as 3, 5-7';
const MAX_REPRINT_PAGES = 500;

/**
 * The page numbers a person types ("3, 5-7", "3 5–7") as a list in the order typed (3, 5, 6, 7),
 * each page once; or the sentence saying what is wrong with them.
 */
export function parsePageList(text: string): number[] | string {
  const tokens = text
    .replace(/[\u2012-\u2015]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (tokens.length === 0) return `List the pages to print again, ${PAGES_EXAMPLE}.`;
  const pages: number[] = [];
  for (const token of tokens) {
    const range = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(token);
    if (!range) return `"${token}" is not a page number. Write page numbers ${PAGES_EXAMPLE}.`;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first) return `"${token}" runs backwards. Write the lower page first, such as ${last}-${first}.`;
    if (last - first >= MAX_REPRINT_PAGES) return `At most ${MAX_REPRINT_PAGES} pages can be printed again at once.`;
    for (let p = first; p <= last; p++) if (!pages.includes(p)) pages.push(p);
  }
  return pages.length > MAX_REPRINT_PAGES ? `At most ${MAX_REPRINT_PAGES} pages can be printed again at once.` : pages;
}

const pageNumbers = z
  .array(
    z
      .number({ error: 'Pages are page numbers of the batch file, such as [3, 4].' })
      .int({ error: 'Pages are page numbers of the batch file, such as [3, 4].' }),
    {
      error: 'List the pages to print again, such as [3, 4].',
    },
  )
  .min(1, { error: 'List the pages to print again, such as [3, 4].' })
  .max(MAX_REPRINT_PAGES, { error: `At most ${MAX_REPRINT_PAGES} pages can be printed again at once.` });

/**
 * The body of `POST /api/admin/production/{batchId}/reprint`: the batch file's page numbers to print
 * again, as a list (`[3, 5, 6, 7]`) or as the counter types them (`"3, 5-7"`, read by parsePageList).
 */
export const reprintInput = z.object({
  pages: z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    const read = parsePageList(value);
    if (typeof read === 'string') {
      ctx.addIssue({ code: 'custom', message: read });
      return z.NEVER;
    }
    return read;
  }, pageNumbers),
});
