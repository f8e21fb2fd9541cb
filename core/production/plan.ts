/**
 * Which batches an order's package prints as: one per paper, ink and scale, each listing the
 * sheets (set-wide positions) it holds in set order and how many sets it collates. Pure.
 */
import { HALF_PAPER, type Ink, type Paper } from '#shared/production';
import type { PrintSize } from '#shared/pricing';

/** One sheet of the set as the production needs it: its position, the paper it prints on at 100%, its ink. */
export type PlannedSheet = { position: number; paper: PrintSize; color: boolean };

/** One batch before it is built. */
export type PlannedBatch = { paper: Paper; ink: Ink; halfSize: boolean; sets: number; positions: number[] };

/**
 * The batches of one package: full-size sets first (each paper, color before B&W), then half-size
 * sets the same way. `printSize` is the order's: `asDrawn` keeps each sheet's own paper; a paper the
 * customer chose takes every sheet.
 */
export function planBatches(sheets: readonly PlannedSheet[], order: { printSize: string; sets: number; halfSets: number }): PlannedBatch[] {
  const paperOf = (sheet: PlannedSheet): PrintSize => (order.printSize === '24x36' || order.printSize === '30x42' ? order.printSize : sheet.paper);
  const batches: PlannedBatch[] = [];
  const scales = [
    { halfSize: false, sets: order.sets },
    { halfSize: true, sets: order.halfSets },
  ];
  for (const scale of scales) {
    if (scale.sets < 1) continue;
    for (const full of ['24x36', '30x42'] as const) {
      for (const ink of ['color', 'bw'] as const) {
        const positions = sheets
          .filter((s) => paperOf(s) === full && (s.color ? 'color' : 'bw') === ink)
          .map((s) => s.position)
          .sort((a, b) => a - b);
        if (positions.length === 0) continue;
        batches.push({ paper: scale.halfSize ? HALF_PAPER[full] : full, ink, halfSize: scale.halfSize, sets: scale.sets, positions });
      }
    }
  }
  return batches;
}
