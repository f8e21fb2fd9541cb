import { describe, expect, it } from 'vitest';
import {
  finishingInstructions,
  finishingMinutes,
  finishingProblem,
  finishingRefusal,
  finishingSteps,
  finishingText,
  NO_FINISHING,
  type Finishing,
} from './finishing';
import { linesToJson, priceOrder, priceSheets, setsText } from './pricing';

const fold: Finishing = { fold: 'title_out', bind: 'none', holes: 0 };
const foldStaple: Finishing = { fold: 'title_out', bind: 'staple_left', holes: 0 };
const halfHoles: Finishing = { fold: 'none', bind: 'screw_post', holes: 3 };

describe('finishing and reduced sets as price lines', () => {
  it('prices fold + staple on the full-size sets and one reduced set, taxed like prints', () => {
    const price = priceOrder({
      pageCount: 6,
      printSize: '24x36',
      printType: 'bw',
      sets: 2,
      reducedSets: 1,
      finishing: foldStaple,
      rushOrder: false,
      shippingMethod: 'pickup',
      shopState: 'NJ',
    });
    expect(linesToJson(price.lines)).toEqual([
      { description: '24" x 36" black and white', quantity: 12, unitPrice: 5.99, amount: 71.88 },
      { description: '11" x 17" reduced black and white', quantity: 6, unitPrice: 0.99, amount: 5.94 },
      { description: 'Folding to 9" x 12", title block out (full-size sets)', quantity: 12, unitPrice: 0.5, amount: 6 },
      { description: 'Staple binding, left edge (full-size sets)', quantity: 2, unitPrice: 2, amount: 4 },
    ]);
    expect(price.subtotalCents).toBe(7188 + 594 + 600 + 400);
    // NJ 6.63% on the whole subtotal, finishing included.
    expect(price.taxCents).toBe(Math.round((8782 * 6630) / 100_000));
    expect(price.reducedSets).toBe(1);
    expect(price.pricePerPageCents).toBeNull();
  });

  it('prices reduced color sheets at $2.49, holes and screw posts per half-size set, and a reduced set alone', () => {
    const p = priceSheets({
      pageCount: 3,
      printSize: '24x36',
      printType: 'auto',
      colorSheets: [2],
      sets: 0,
      halfSets: 1,
      reducedSets: 2,
      halfFinishing: halfHoles,
    });
    expect(linesToJson(p.lines).map((l) => [l.description, l.quantity, l.unitPrice])).toEqual([
      ['12" x 18" half-size black and white', 2, 1.49],
      ['12" x 18" half-size color', 1, 3.99],
      ['11" x 17" reduced black and white', 4, 0.99],
      ['11" x 17" reduced color', 2, 2.49],
      ['Screw-post binding, left edge (half-size sets)', 1, 6],
      ['Three-hole punching (half-size sets)', 1, 1],
    ]);
    expect(priceSheets({ pageCount: 2, printSize: '24x36', printType: 'bw', sets: 0, reducedSets: 1 }).subtotalCents).toBe(198);
    expect(() => priceSheets({ pageCount: 2, printSize: '24x36', printType: 'bw', sets: 0, reducedSets: 0 })).toThrow(RangeError);
    expect(() => priceSheets({ pageCount: 2, printSize: '24x36', printType: 'bw', reducedSets: 101 })).toThrow(RangeError);
  });

  it('says what to do, and names reduced sets', () => {
    expect(finishingText(foldStaple)).toBe('fold to 9" x 12", title block facing out on the front; staple on the left edge');
    expect(finishingInstructions({ finishing: foldStaple, halfFinishing: halfHoles, sets: 1, halfSets: 0, reducedSets: 1 })).toEqual([
      'Full-size sets: fold to 9" x 12", title block facing out on the front; staple on the left edge',
      'Reduced sets: 1 × every sheet fit to 11" x 17", "REDUCED — NOT TO SCALE" in the margin; no finishing',
    ]);
    expect(finishingInstructions({ finishing: null, halfFinishing: null, sets: 1, halfSets: 1, reducedSets: 0 })).toEqual([]);
    expect(finishingText(halfHoles)).toBe('screw-post bind on the left edge; 3 holes');
    expect(finishingText(NO_FINISHING)).toBe('none');
    expect(setsText(1, 0, 1)).toBe('1 set + 1 reduced 11" x 17" set');
  });

  it('refuses finishing that does not apply, with a sentence', () => {
    const order = { finishing: NO_FINISHING, halfFinishing: NO_FINISHING, sets: 1, halfSets: 1, pageCount: 4 };
    expect(finishingProblem(order)).toBeNull();
    expect(finishingProblem({ ...order, finishing: { ...NO_FINISHING, holes: 3 } })).toMatch(/^Three holes are punched only in half-size sets/);
    expect(finishingProblem({ ...order, pageCount: 1, finishing: foldStaple })).toBe('A set of one sheet cannot be bound. Please choose no binding.');
    expect(finishingProblem({ ...order, pageCount: 1, finishing: fold })).toBeNull();
    expect(finishingProblem({ ...order, sets: 0, finishing: fold })).toMatch(/^Finishing for full-size sets needs at least one full-size set/);
    expect(finishingProblem({ ...order, halfSets: 0, halfFinishing: halfHoles })).toMatch(/^Finishing for half-size sets needs/);
  });

  it("names the field each refusal is about, as a recipient's errors key it", () => {
    const order = { finishing: NO_FINISHING, halfFinishing: NO_FINISHING, sets: 1, halfSets: 1, pageCount: 4 };
    expect(finishingRefusal(order)).toBeNull();
    expect(finishingRefusal({ ...order, finishing: { ...NO_FINISHING, holes: 3 } })?.field).toBe('finishing.holes');
    expect(finishingRefusal({ ...order, sets: 0, finishing: fold })?.field).toBe('finishing');
    expect(finishingRefusal({ ...order, halfSets: 0, halfFinishing: halfHoles })?.field).toBe('halfFinishing');
    expect(finishingRefusal({ ...order, pageCount: 1, finishing: foldStaple })).toEqual({
      field: 'finishing.bind',
      message: 'A set of one sheet cannot be bound. Please choose no binding.',
    });
    expect(finishingRefusal({ ...order, pageCount: 1, halfFinishing: halfHoles })?.field).toBe('halfFinishing.bind');
  });

  it('takes the finishing time: 20 sheets folded a minute, 2 minutes a bound set', () => {
    expect(finishingMinutes({ finishing: foldStaple, halfFinishing: NO_FINISHING, sets: 3, halfSets: 0, pageCount: 40 })).toBe(6 + 6);
    expect(finishingMinutes({ finishing: NO_FINISHING, halfFinishing: NO_FINISHING, sets: 3, halfSets: 0, pageCount: 40 })).toBe(0);
  });
});

describe('finishingSteps', () => {
  it("says each step in the counter's words, the fold saying where the title block ends up; nothing is No finishing", () => {
    expect(finishingSteps(foldStaple)).toEqual([
      'Fold each sheet to 9" x 12", title block out: the title block (at the right edge of the landscape sheet) ends up on the outside face of the folded packet, upright and readable.',
      'Staple each set on the left edge.',
    ]);
    expect(finishingSteps(halfHoles)).toEqual(['Screw-post bind each set on the left edge.', 'Punch three holes along the left edge of each set.']);
    expect(finishingSteps(NO_FINISHING)).toEqual(['No finishing']);
    expect(finishingSteps(null)).toEqual(['No finishing']);
  });
});
