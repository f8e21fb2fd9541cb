/**
 * An order with recipients (docs/decisions/050-recipients.md) is one package per recipient: the
 * part of the set they chose (shared/recipients.ts reads the selection against the set's sheet
 * numbers), in their own sets and half sets, in their own tube. Shipping quotes and checkout both
 * read a package's contents here, so the sheets priced are the sheets packed.
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import { NOTHING_TO_PRINT_MESSAGE, type Reprint } from '../revisions/reprint';
import { holdersOf } from '../revisions/holders';
import { colorSheetsFor } from '../uploads/colorSheets';
import { printedPart, setPapersOf, setSheetsOf, type PrintedPart, type UploadSet } from '../uploads/sets';
import { recipientLabel, selectSheets, sheetNumbersOf, type RecipientInput, type SelectableSheet } from '#shared/recipients';
import { finishingRefusal, NO_FINISHING, type Finishing } from '#shared/finishing';
import { tubeOf, type OrderPrintSize, type OrderPrintType, type PrintSize } from '#shared/pricing';

/**
 * A recipient as checkout prices them: as the request listed them, or a holder of the set a revision's
 * reprint goes to, whose package is fixed (the changed and new sheets they hold) with what they hold
 * of the new issue afterwards.
 */
export type PackageRequest = RecipientInput & {
  fixed?: { positions: number[]; holdsPositions: number[]; holdsSheetNumbers: string[]; heldBeforeSheetNumbers: string[] };
};

/** What one recipient's package holds: set positions, their numbers, the printed part as pricing counts it, and the tube. */
export type PackageContents = {
  index: number;
  recipient: PackageRequest;
  positions: number[];
  sheetNumbers: string[];
  part: PrintedPart;
  tube: { printSize: PrintSize; sheetCount: number };
};

/** The set as recipients' selections are read against it: each sheet's number, paper and ink. */
export type SetFacts = { sheets: SelectableSheet[]; papers: PrintSize[]; colorSheets: number[] };

/** Reads the set's sheet numbers, papers and color sheets once for all packages. */
export async function setFactsOf(sql: Queryable, set: UploadSet, printType: OrderPrintType, chosenColor: number[] | undefined): Promise<SetFacts> {
  const numbered = await setSheetsOf(
    sql,
    set.files.map((f) => f.uploadId),
  );
  const byPosition = new Map(numbered.map((s) => [s.position, s.sheetNumber]));
  // A file whose sheets were never read (an upload made by reorder) still has its positions.
  const sheets = Array.from({ length: set.pageCount }, (_, i) => ({ position: i + 1, sheetNumber: byPosition.get(i + 1) ?? null }));
  const papers = await setPapersOf(sql, set);
  const colorSheets = await colorSheetsFor(sql, set.files, printType, chosenColor);
  return { sheets, papers, colorSheets };
}

/**
 * Each recipient's package: their selection (the whole set when absent) read against the set and,
 * for a revision's reprint, narrowed to the sheets reprinted. A selection that matches nothing, or
 * nothing reprinted, is refused naming the recipient (`recipients[i].sheets`).
 */
export function packagesOf(
  facts: SetFacts,
  recipients: readonly PackageRequest[],
  o: { printSize: OrderPrintSize; reprint: Reprint | null },
): PackageContents[] {
  return recipients.map((recipient, index) => {
    const who = recipientLabel(index, recipient.name);
    const positions = recipient.fixed ? recipient.fixed.positions : selectedPositions(recipient, index, facts, o.reprint);
    const part = printedPart(facts.papers, facts.colorSheets, positions);
    // Their finishing is judged on their own package, as one delivery's is on its set.
    const refusal = finishingRefusal({ ...recipient, pageCount: part.pageCount });
    if (refusal) throw refusedAt(index, refusal.field, `${who}: ${refusal.message}`);
    // Reduced sets ride in the same tube and, as for one delivery, add nothing to its weight.
    const tube = tubeOf({ pageCount: part.pageCount, printSize: o.printSize, papers: part.papers, sets: recipient.sets, halfSets: recipient.halfSets });
    return { index, recipient, positions, sheetNumbers: sheetNumbersOf(positions, facts.sheets), part, tube };
  });
}

/** A listed recipient's positions: their selection read against the set, narrowed to a reprint's sheets. */
function selectedPositions(recipient: PackageRequest, index: number, facts: SetFacts, reprint: Reprint | null): number[] {
  const who = recipientLabel(index, recipient.name);
  const chosen = selectSheets(recipient.sheets, facts.sheets);
  if ('error' in chosen) throw refusedAt(index, 'sheets', `${who}: ${chosen.error}`);
  const reprinted = reprint ? new Set(reprint.positions) : null;
  const positions = reprinted ? chosen.positions.filter((p) => reprinted.has(p)) : chosen.positions;
  if (positions.length === 0) throw refusedAt(index, 'sheets', `${who}: none of their sheets is reprinted in this issue.`);
  return positions;
}

function refusedAt(index: number, field: string, message: string) {
  return badRequest(message, { errors: { [`recipients[${index}].${field}`]: message } });
}

/** A holder's finishing for the sheets a reprint sends them: their set's fold and holes, no binding. */
function slipSheetFinishing(f: Finishing | null): Finishing {
  return f ? { ...f, bind: 'none' } : NO_FINISHING;
}

/** The sentence for "holders" without a revision. */
export const HOLDERS_NEED_REVISION = 'Sending to "holders" needs a revisionId: the holders are those of the order the revision revises.';

/**
 * The holders of the set a revision's reprint goes to, as recipients: each with the changed and new
 * sheets they hold (core/revisions/holders.ts), in their own sets, half sets and delivery, at their
 * package's cheapest rate. Holders with nothing to receive are left out; none at all is "Nothing to print".
 */
export async function holderPackages(sql: Queryable, reprint: Reprint | null): Promise<PackageRequest[]> {
  if (!reprint) throw badRequest(HOLDERS_NEED_REVISION);
  const holders = await holdersOf(sql, { id: reprint.revisionId, previousOrderId: reprint.previousOrderId }, reprint.positions);
  if (!holders) throw badRequest('The order this revision revises is no longer here, so who holds the set is not known. Please list the recipients.');
  const receiving = holders.filter((h) => h.receives.length > 0);
  if (receiving.length === 0) throw badRequest(NOTHING_TO_PRINT_MESSAGE);
  return receiving.map((h) => ({
    name: h.package.name,
    company: h.package.company,
    email: h.package.email,
    phone: h.package.phone,
    delivery: h.package.delivery,
    address: h.package.address ? { ...h.package.address, street2: h.package.address.street2 ?? '' } : null,
    rateId: null,
    sets: h.package.sets,
    halfSets: h.package.halfSets,
    // The reprint's sheets go into the set the holder has: folded and punched as it is, in their
    // reduced sets too, but not bound on their own (decision 096).
    reducedSets: h.package.reducedSets,
    finishing: slipSheetFinishing(h.package.finishing),
    halfFinishing: slipSheetFinishing(h.package.halfFinishing),
    // A whole-set holder stays one for the next issue; a part holder keeps the selection they made.
    sheets: h.wholeSet ? null : h.package.selection,
    fixed: { positions: h.receives, holdsPositions: h.holdsPositions, holdsSheetNumbers: h.holdsSheetNumbers, heldBeforeSheetNumbers: h.heldSheetNumbers },
  }));
}
