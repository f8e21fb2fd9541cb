/**
 * What happens to a set after the printer: folded to 9" x 12" with the title block out (per sheet),
 * bound on the left edge (per set), three holes punched (half-size sets only), and the 11" x 17"
 * reduced sets, which are not to scale and take no finishing. No zod here (the card imports it):
 * the request's schema is in ./fields.ts. Their prices are price lines in
 * ./pricing.ts, taxed like prints; the words here are the ticket's, the receipt's and the 400s'.
 */
export const FOLDS = ['none', 'title_out'] as const;
export const BINDS = ['none', 'staple_left', 'screw_post'] as const;
export const HOLES = [0, 3] as const;
export type Finishing = { fold: (typeof FOLDS)[number]; bind: (typeof BINDS)[number]; holes: (typeof HOLES)[number] };

export const NO_FINISHING: Finishing = { fold: 'none', bind: 'none', holes: 0 };

/** Folding is per sheet; binding and punching per set (cents). */
export const FOLD_CENTS_PER_SHEET = 50;
export const BIND_CENTS_PER_SET: Record<Exclude<Finishing['bind'], 'none'>, number> = { staple_left: 200, screw_post: 600 };
export const HOLES_CENTS_PER_SET = 100;

/** Finishing time the queue's estimate adds: folding 20 sheets a minute, binding 2 minutes a set. */
export const FOLD_SHEETS_PER_MINUTE = 20;
export const BIND_MINUTES_PER_SET = 2;

/** 11" x 17" reduced sets: every sheet fit to 11" x 17", marked in the margin as not to scale. */
export const REDUCED_PAPER = { widthIn: 17, heightIn: 11, label: '11" x 17"' } as const;
export const REDUCED_MARK = 'REDUCED — NOT TO SCALE';
export const REDUCED_PRICE_PER_PAGE_CENTS = { bw: 99, color: 249 } as const;

const FOLD_WORDS = 'fold to 9" x 12", title block facing out on the front';
const BIND_WORDS: Record<Exclude<Finishing['bind'], 'none'>, string> = {
  staple_left: 'staple on the left edge',
  screw_post: 'screw-post bind on the left edge',
};

export function hasFinishing(f: Finishing | null | undefined): boolean {
  return Boolean(f) && (f?.fold !== 'none' || f?.bind !== 'none' || f?.holes !== 0);
}

/** What the counter does to each set, in words: `fold to 9" x 12", title block facing out on the front; staple on the left edge; 3 holes`. */
export function finishingText(f: Finishing): string {
  const parts: string[] = [];
  if (f.fold === 'title_out') parts.push(FOLD_WORDS);
  if (f.bind !== 'none') parts.push(BIND_WORDS[f.bind]);
  if (f.holes === 3) parts.push('3 holes');
  return parts.join('; ') || 'none';
}

/** What the banner page and the hot-folder ticket say when a batch's sets take no finishing. */
export const NO_FINISHING_TEXT = 'No finishing';

/**
 * What the counter does to a batch's sets after printing, one step a line, in the counter's words
 * (the banner page and the hot folder's ticket). The title block sits at the right edge of a
 * landscape sheet, so folded title out it is the packet's outside face.
 */
export function finishingSteps(f: Finishing | null | undefined): string[] {
  if (!f || !hasFinishing(f)) return [NO_FINISHING_TEXT];
  const steps: string[] = [];
  if (f.fold === 'title_out')
    steps.push(
      'Fold each sheet to 9" x 12", title block out: the title block (at the right edge of the landscape sheet) ends up on the outside face of the folded packet, upright and readable.',
    );
  if (f.bind === 'staple_left') steps.push('Staple each set on the left edge.');
  if (f.bind === 'screw_post') steps.push('Screw-post bind each set on the left edge.');
  if (f.holes === 3) steps.push('Punch three holes along the left edge of each set.');
  return steps;
}

/**
 * The counter's instructions for an order's finishing and reduced sets, one line each; [] when it has
 * neither. The job ticket's Finishing row, and the print files' batches (reduced sets are their own).
 */
export function finishingInstructions(o: {
  finishing: Finishing | null;
  halfFinishing: Finishing | null;
  sets: number;
  halfSets: number;
  reducedSets: number;
}): string[] {
  const lines: string[] = [];
  if (o.sets > 0 && o.finishing && hasFinishing(o.finishing)) lines.push(`Full-size sets: ${finishingText(o.finishing)}`);
  if (o.halfSets > 0 && o.halfFinishing && hasFinishing(o.halfFinishing)) lines.push(`Half-size sets: ${finishingText(o.halfFinishing)}`);
  if (o.reducedSets > 0)
    lines.push(`Reduced sets: ${o.reducedSets} × every sheet fit to ${REDUCED_PAPER.label}, "${REDUCED_MARK}" in the margin; no finishing`);
  return lines;
}

/** One finishing price line: `quantity` × `unitPriceCents`. */
export type FinishingLine = { description: string; quantity: number; unitPriceCents: number; amountCents: number };

/** The price lines of finishing `f` on `copies` sets of `pageCount` sheets; `half` for the half-size sets. */
export function finishingLines(f: Finishing, copies: number, pageCount: number, half: boolean): FinishingLine[] {
  if (copies === 0) return [];
  const which = half ? 'half-size sets' : 'full-size sets';
  const line = (description: string, quantity: number, unitPriceCents: number): FinishingLine => ({
    description: `${description} (${which})`,
    quantity,
    unitPriceCents,
    amountCents: quantity * unitPriceCents,
  });
  const lines: FinishingLine[] = [];
  if (f.fold === 'title_out') lines.push(line('Folding to 9" x 12", title block out', copies * pageCount, FOLD_CENTS_PER_SHEET));
  if (f.bind !== 'none')
    lines.push(line(f.bind === 'staple_left' ? 'Staple binding, left edge' : 'Screw-post binding, left edge', copies, BIND_CENTS_PER_SET[f.bind]));
  if (f.holes === 3) lines.push(line('Three-hole punching', copies, HOLES_CENTS_PER_SET));
  return lines;
}

/** Which field a finishing refusal is about, as a request writes it: `finishing`, `finishing.holes`, `halfFinishing.bind`. */
export type FinishingField = 'finishing' | 'finishing.holes' | 'finishing.bind' | 'halfFinishing' | 'halfFinishing.bind';

/** The kinds of sets and the finishing of each, as an order or one recipient's package has them. */
export type FinishedSets = { finishing: Finishing; halfFinishing: Finishing; sets: number; halfSets: number; pageCount: number };

/**
 * Why finishing does not apply, with the field it is about; null when it does. Holes only on
 * half-size sets; a set of one sheet is not bound; finishing for a kind of set needs such a set.
 * One order's and each recipient's package are judged alike.
 */
export function finishingRefusal(o: FinishedSets): { field: FinishingField; message: string } | null {
  if (o.finishing.holes !== 0)
    return { field: 'finishing.holes', message: 'Three holes are punched only in half-size sets. Please choose no holes for the full-size sets.' };
  if (hasFinishing(o.finishing) && o.sets === 0)
    return { field: 'finishing', message: 'Finishing for full-size sets needs at least one full-size set. Please add a set or choose no finishing.' };
  if (hasFinishing(o.halfFinishing) && o.halfSets === 0)
    return {
      field: 'halfFinishing',
      message: 'Finishing for half-size sets needs at least one half-size set. Please add a half-size set or choose no finishing.',
    };
  if (o.pageCount === 1 && (o.finishing.bind !== 'none' || o.halfFinishing.bind !== 'none'))
    return {
      field: o.finishing.bind !== 'none' ? 'finishing.bind' : 'halfFinishing.bind',
      message: 'A set of one sheet cannot be bound. Please choose no binding.',
    };
  return null;
}

/** Why finishing does not apply to this order, as the 400's sentence; null when it does (see finishingRefusal). */
export function finishingProblem(o: FinishedSets): string | null {
  return finishingRefusal(o)?.message ?? null;
}

/** Minutes the counter spends finishing an order: folding 20 sheets a minute, binding 2 minutes a set (rounded up). */
export function finishingMinutes(o: { finishing: Finishing; halfFinishing: Finishing; sets: number; halfSets: number; pageCount: number }): number {
  const folded = (o.finishing.fold === 'title_out' ? o.sets : 0) * o.pageCount + (o.halfFinishing.fold === 'title_out' ? o.halfSets : 0) * o.pageCount;
  const bound = (o.finishing.bind !== 'none' ? o.sets : 0) + (o.halfFinishing.bind !== 'none' ? o.halfSets : 0);
  return Math.ceil(folded / FOLD_SHEETS_PER_MINUTE + bound * BIND_MINUTES_PER_SET);
}
