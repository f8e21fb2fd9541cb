/**
 * An order with recipients (docs/decisions/050-recipients.md) is one package per recipient: the
 * part of the set they chose (shared/recipients.ts reads the selection against the set's sheet
 * numbers), in their own sets and half sets, in their own tube. Shipping quotes and checkout both
 * read a package's contents here, so the sheets priced are the sheets packed.
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import type { Reprint } from '../revisions/reprint';
import { colorSheetsFor } from '../uploads/colorSheets';
import { printedPart, setPapersOf, setSheetsOf, type PrintedPart, type UploadSet } from '../uploads/sets';
import { recipientLabel, selectSheets, sheetNumbersOf, type RecipientInput, type SelectableSheet } from '#shared/recipients';
import { tubeOf, type OrderPrintSize, type OrderPrintType, type PrintSize } from '#shared/pricing';

/** What one recipient's package holds: set positions, their numbers, the printed part as pricing counts it, and the tube. */
export type PackageContents = {
  index: number;
  recipient: RecipientInput;
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
  recipients: readonly RecipientInput[],
  o: { printSize: OrderPrintSize; reprint: Reprint | null },
): PackageContents[] {
  return recipients.map((recipient, index) => {
    const who = recipientLabel(index, recipient.name);
    const chosen = selectSheets(recipient.sheets, facts.sheets);
    if ('error' in chosen) throw sheetsRefused(index, `${who}: ${chosen.error}`);
    const reprinted = o.reprint ? new Set(o.reprint.positions) : null;
    const positions = reprinted ? chosen.positions.filter((p) => reprinted.has(p)) : chosen.positions;
    if (positions.length === 0) throw sheetsRefused(index, `${who}: none of their sheets is reprinted in this issue.`);
    const part = printedPart(facts.papers, facts.colorSheets, positions);
    const tube = tubeOf({ pageCount: part.pageCount, printSize: o.printSize, papers: part.papers, sets: recipient.sets, halfSets: recipient.halfSets });
    return { index, recipient, positions, sheetNumbers: sheetNumbersOf(positions, facts.sheets), part, tube };
  });
}

function sheetsRefused(index: number, message: string) {
  return badRequest(message, { errors: { [`recipients[${index}].sheets`]: message } });
}
