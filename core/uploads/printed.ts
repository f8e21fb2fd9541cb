/**
 * What an order prints of its set: every sheet, or only a revision's chosen positions. Checkout and
 * shipping quotes both read it, so the sheets priced are the sheets packed.
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import type { OrderPrintType } from '#shared/pricing';
import { colorSheetsFor } from './colorSheets';
import { printedPart, setPapersOf, type PrintedPart, type UploadSet } from './sets';

/**
 * The set-wide positions printed in color (stored on the order) and the printed part as pricing
 * counts it. With `positions`, chosen color sheets must be among them.
 */
export async function printedSheetsOf(
  sql: Queryable,
  set: UploadSet,
  printType: OrderPrintType,
  chosenColor: number[] | undefined,
  positions: readonly number[] | null,
): Promise<{ colorSheets: number[]; part: PrintedPart }> {
  const allColor = await colorSheetsFor(sql, set.files, printType, chosenColor);
  if (positions && chosenColor?.some((p) => !positions.includes(p))) throw badRequest('Color sheets must be among the sheets to print.');
  const colorSheets = positions ? allColor.filter((p) => positions.includes(p)) : allColor;
  return { colorSheets, part: printedPart(await setPapersOf(sql, set), allColor, positions) };
}
