/** An order's batches: one per paper, ink and scale, collated in set order. */
import { describe, expect, it } from 'vitest';
import { NO_FINISHING, type Finishing } from '#shared/finishing';
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
      { paper: '24x36', ink: 'color', halfSize: false, sets: 2, positions: [4], finishing: NO_FINISHING },
      { paper: '24x36', ink: 'bw', halfSize: false, sets: 2, positions: [1, 2], finishing: NO_FINISHING },
      { paper: '30x42', ink: 'color', halfSize: false, sets: 2, positions: [3], finishing: NO_FINISHING },
      { paper: '12x18', ink: 'color', halfSize: true, sets: 1, positions: [4], finishing: NO_FINISHING },
      { paper: '12x18', ink: 'bw', halfSize: true, sets: 1, positions: [1, 2], finishing: NO_FINISHING },
      { paper: '15x21', ink: 'color', halfSize: true, sets: 1, positions: [3], finishing: NO_FINISHING },
    ]);
  });

  it('puts every sheet on a paper the customer chose', () => {
    expect(planBatches(SHEETS, { printSize: '30x42', sets: 1, halfSets: 0 })).toEqual([
      { paper: '30x42', ink: 'color', halfSize: false, sets: 1, positions: [3, 4], finishing: NO_FINISHING },
      { paper: '30x42', ink: 'bw', halfSize: false, sets: 1, positions: [1, 2], finishing: NO_FINISHING },
    ]);
  });

  it('plans no full-size batch for an order of half-size sets only', () => {
    const batches = planBatches(SHEETS.slice(0, 2), { printSize: 'asDrawn', sets: 0, halfSets: 3 });
    expect(batches).toEqual([{ paper: '12x18', ink: 'bw', halfSize: true, sets: 3, positions: [1, 2], finishing: NO_FINISHING }]);
  });

  it("gives each scale's batches its finishing, and the reduced sets their own 11x17 batches per ink, with none", () => {
    const fold: Finishing = { fold: 'title_out', bind: 'staple_left', holes: 0 };
    const holes: Finishing = { fold: 'none', bind: 'none', holes: 3 };
    const batches = planBatches(SHEETS, { printSize: 'asDrawn', sets: 1, halfSets: 1, reducedSets: 3, finishing: fold, halfFinishing: holes });
    expect(batches.map((b) => [b.paper, b.ink, b.halfSize, b.sets, b.positions, b.finishing])).toEqual([
      ['24x36', 'color', false, 1, [4], fold],
      ['24x36', 'bw', false, 1, [1, 2], fold],
      ['30x42', 'color', false, 1, [3], fold],
      ['12x18', 'color', true, 1, [4], holes],
      ['12x18', 'bw', true, 1, [1, 2], holes],
      ['15x21', 'color', true, 1, [3], holes],
      // Every sheet in the ink it was priced in, whatever its paper.
      ['11x17', 'color', false, 3, [3, 4], NO_FINISHING],
      ['11x17', 'bw', false, 3, [1, 2], NO_FINISHING],
    ]);
  });

  it('plans only the reduced batches for an order of reduced sets alone, on a paper the customer chose too', () => {
    expect(planBatches(SHEETS.slice(0, 2), { printSize: '30x42', sets: 0, halfSets: 0, reducedSets: 1 })).toEqual([
      { paper: '11x17', ink: 'bw', halfSize: false, sets: 1, positions: [1, 2], finishing: NO_FINISHING },
    ]);
  });
});
