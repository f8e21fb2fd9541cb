/**
 * Which batches an order's package prints as: one per paper, ink and scale, each listing the
 * sheets (set-wide positions) it holds in set order, how many sets it collates and what is done to
 * them after printing. Pure.
 */
import { NO_FINISHING, type Finishing } from '#shared/finishing';
import { HALF_PAPER, REDUCED_BATCH_PAPER, type Ink, type Paper } from '#shared/production';
import type { PrintSize } from '#shared/pricing';

/** One sheet of the set as the production needs it: its position, the paper it prints on at 100%, its ink. */
export type PlannedSheet = { position: number; paper: PrintSize; color: boolean };

/** One batch before it is built. A batch on REDUCED_BATCH_PAPER is the package's reduced sets. */
export type PlannedBatch = { paper: Paper; ink: Ink; halfSize: boolean; sets: number; positions: number[]; finishing: Finishing };

/** What a package prints: its copies of each kind and their finishing (reduced sets take none). */
export type PackagePrint = {
  printSize: string;
  sets: number;
  halfSets: number;
  reducedSets?: number;
  finishing?: Finishing;
  halfFinishing?: Finishing;
};

const INKS_FIRST_COLOR = ['color', 'bw'] as const;
const inkOf = (sheet: PlannedSheet): Ink => (sheet.color ? 'color' : 'bw');

/**
 * The batches of one package: full-size sets first (each paper, color before B&W), then half-size
 * sets the same way, then the reduced sets on 11" x 17" (color, then B&W: every sheet in the ink it
 * was priced in). `printSize` is the order's: `asDrawn` keeps each sheet's own paper; a paper the
 * customer chose takes every sheet.
 */
export function planBatches(sheets: readonly PlannedSheet[], order: PackagePrint): PlannedBatch[] {
  const paperOf = (sheet: PlannedSheet): PrintSize => (order.printSize === '24x36' || order.printSize === '30x42' ? order.printSize : sheet.paper);
  const positionsOf = (keep: (s: PlannedSheet) => boolean) =>
    sheets
      .filter(keep)
      .map((s) => s.position)
      .sort((a, b) => a - b);
  const batches: PlannedBatch[] = [];
  const scales = [
    { halfSize: false, sets: order.sets, finishing: order.finishing ?? NO_FINISHING },
    { halfSize: true, sets: order.halfSets, finishing: order.halfFinishing ?? NO_FINISHING },
  ];
  for (const scale of scales) {
    if (scale.sets < 1) continue;
    for (const full of ['24x36', '30x42'] as const) {
      for (const ink of INKS_FIRST_COLOR) {
        const positions = positionsOf((s) => paperOf(s) === full && inkOf(s) === ink);
        if (positions.length === 0) continue;
        batches.push({
          paper: scale.halfSize ? HALF_PAPER[full] : full,
          ink,
          halfSize: scale.halfSize,
          sets: scale.sets,
          positions,
          finishing: scale.finishing,
        });
      }
    }
  }
  const reducedSets = order.reducedSets ?? 0;
  if (reducedSets > 0) {
    for (const ink of INKS_FIRST_COLOR) {
      const positions = positionsOf((s) => inkOf(s) === ink);
      if (positions.length > 0) batches.push({ paper: REDUCED_BATCH_PAPER, ink, halfSize: false, sets: reducedSets, positions, finishing: NO_FINISHING });
    }
  }
  return batches;
}
