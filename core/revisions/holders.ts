/**
 * The holders of a set (docs/decisions/050-recipients.md): everyone a previous order sent it to (its
 * recipients, or its customer alone), and what a revision's reprint sends each of them: the changed
 * sheets among those they hold, and the new sheets of a discipline they hold (a whole-set holder gets
 * every changed and new sheet). Pure over the rows read here; checkout and the revision page share it.
 */
import type { Queryable } from '../lib/db';
import { orderById } from '../orders/queries';
import { packagesOfOrder, withRecipients } from '../orders/recipients';
import type { RecipientPackage } from '../orders/orderRow';

/** A sheet of the new issue as the revision compared it. */
type ComparedSheet = { position: number; sheet_number: string | null; change: 'changed' | 'unchanged' | 'new'; previous_position: number | null };

/** One holder of the previous issue and what the reprint would send them (positions of the new issue). */
export type Holder = {
  package: RecipientPackage;
  /** Whether they hold the whole set (no selection): every new sheet is theirs. */
  wholeSet: boolean;
  /** What they held of the previous issue. */
  heldSheetNumbers: string[];
  /** What they hold of the new issue once the reprint reaches them. */
  holdsPositions: number[];
  holdsSheetNumbers: string[];
  /** The changed and new sheets the reprint sends them ([] for nothing). */
  receives: number[];
  receivesSheetNumbers: string[];
};

/** A sheet number's discipline: its first letter (A of AD-101; NCS modifiers belong to their discipline). */
const disciplineOf = (sheetNumber: string | null) => /^[A-Za-z]/.exec(sheetNumber?.trim() ?? '')?.[0].toUpperCase() ?? null;

/**
 * What each holder of the previous order receives from the revision's new issue, in the order's
 * recipient order. `printed`: the positions the reprint prints (its changed and new sheets by default).
 */
export function holdersReceive(packages: readonly RecipientPackage[], sheets: readonly ComparedSheet[], printed: readonly number[]): Holder[] {
  const printing = new Set(printed);
  const name = (s: ComparedSheet) => s.sheet_number ?? `sheet ${s.position}`;
  return packages.map((pkg) => {
    const wholeSet = pkg.selection === null;
    const held = new Set(pkg.holdsPositions ?? pkg.positions);
    const heldSheetNumbers = pkg.holdsSheetNumbers ?? pkg.sheetNumbers;
    const disciplines = new Set(heldSheetNumbers.map(disciplineOf).filter((d): d is string => d !== null));
    const holds = sheets.filter((s) =>
      s.previous_position !== null ? wholeSet || held.has(s.previous_position) : wholeSet || disciplines.has(disciplineOf(s.sheet_number) ?? ''),
    );
    const receives = holds.filter((s) => s.change !== 'unchanged' && printing.has(s.position));
    return {
      package: pkg,
      wholeSet,
      heldSheetNumbers,
      holdsPositions: holds.map((s) => s.position),
      holdsSheetNumbers: holds.map(name),
      receives: receives.map((s) => s.position),
      receivesSheetNumbers: receives.map(name),
    };
  });
}

/**
 * The holders of the revision's previous order; null when the order is gone. An order without
 * recipients has one holder, its customer, of the whole set.
 */
export async function holdersOf(db: Queryable, revision: { id: string; previousOrderId: string | null }, printed: readonly number[]): Promise<Holder[] | null> {
  if (!revision.previousOrderId) return null;
  const order = await orderById(db, revision.previousOrderId);
  if (!order) return null;
  await withRecipients(db, [order]);
  const sheets = await db<ComparedSheet[]>`
    select position, sheet_number, change, previous_position from revision_sheets where revision_id = ${revision.id} order by position`;
  const packages = packagesOfOrder(order);
  // The customer's own package knows no sheet numbers: the previous issue's, by position.
  if (packages.length === 1 && packages[0].id === null) {
    const numbers = new Map(sheets.filter((s) => s.previous_position !== null).map((s) => [s.previous_position, s.sheet_number]));
    packages[0].sheetNumbers = packages[0].positions.map((p) => numbers.get(p) ?? `sheet ${p}`);
  }
  return holdersReceive(packages, sheets, printed);
}
