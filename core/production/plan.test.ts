/** An order's batches: one per paper, ink and scale, collated in set order. */
import { describe, expect, it } from 'vitest';
import { planBatches, type PlannedSheet } from './plan';

// ARCH D, ANSI D (both 24" x 36" paper), ARCH E1 in color.
const SHEETS: PlannedSheet[] = [
  { position: 1, paper: '24x36', color: false },
  { position: 2, paper: '24x36', color: false },
  { position: 3, paper: '30x42', color: true },
  { position: 4, paper: '24x36', color: true },
];

describe('planBatches', () => {
  it('splits an as-drawn set by paper and ink, full-size first, then half-size on half the paper', () => {
    expect(planBatches(SHEETS, { printSize: 'asDrawn', sets: 2, halfSets: 1 })).toEqual([
      { paper: '24x36', ink: 'color', halfSize: false, sets: 2, positions: [4] },
      { paper: '24x36', ink: 'bw', halfSize: false, sets: 2, positions: [1, 2] },
      { paper: '30x42', ink: 'color', halfSize: false, sets: 2, positions: [3] },
      { paper: '12x18', ink: 'color', halfSize: true, sets: 1, positions: [4] },
      { paper: '12x18', ink: 'bw', halfSize: true, sets: 1, positions: [1, 2] },
      { paper: '15x21', ink: 'color', halfSize: true, sets: 1, positions: [3] },
    ]);
  });

  it('puts every sheet on a paper the customer chose', () => {
    expect(planBatches(SHEETS, { printSize: '30x42', sets: 1, halfSets: 0 })).toEqual([
      { paper: '30x42', ink: 'color', halfSize: false, sets: 1, positions: [3, 4] },
      { paper: '30x42', ink: 'bw', halfSize: false, sets: 1, positions: [1, 2] },
    ]);
  });

  it('plans no full-size batch for an order of half-size sets only', () => {
    const batches = planBatches(SHEETS.slice(0, 2), { printSize: 'asDrawn', sets: 0, halfSets: 3 });
    expect(batches).toEqual([{ paper: '12x18', ink: 'bw', halfSize: true, sets: 3, positions: [1, 2] }]);
  });
});
