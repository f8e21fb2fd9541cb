import { describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS, parseRecipients, PER_RECIPIENT_FIELDS, perRecipientFieldsMessage, selectSheets, sheetNumbersOf } from './recipients';

const SET = ['A-101', 'A-102', 'S-101', 'S-102', 'E-101', 'E-102'].map((sheetNumber, i) => ({ position: i + 1, sheetNumber }));
const NJ = { street1: '10 Park Ave', city: 'Hackensack', state: 'NJ', zipCode: '07601' };

describe('selectSheets', () => {
  it.each([
    [null, [1, 2, 3, 4, 5, 6]],
    [['S'], [3, 4]],
    [['e'], [5, 6]],
    [
      ['A-101..A-110', 'E'],
      [1, 2, 5, 6],
    ],
    [
      ['A-102', 'S-101'],
      [2, 3],
    ],
    [['s 101'], [3]],
    [
      [5, 1, 2, 1],
      [1, 2, 5],
    ],
    [['S-102 .. S-110'], [4]],
    [['A-101\u2013A-101'], [1]],
  ] as const)('%j chooses positions %j', (selection, positions) => {
    expect(selectSheets(selection, SET)).toEqual({ positions });
  });

  it('orders numbers as numbers and takes a designator with its modifier letters', () => {
    const sheets = ['A-9', 'A-10', 'AD-1', 'A-101A', 'M-1'].map((sheetNumber, i) => ({ position: i + 1, sheetNumber }));
    expect(selectSheets(['A-9..A-10'], sheets)).toEqual({ positions: [1, 2] });
    expect(selectSheets(['A'], sheets)).toEqual({ positions: [1, 2, 3, 4] });
    expect(selectSheets(['AD'], sheets)).toEqual({ positions: [3] });
  });

  it.each([
    [['P'], '"P" matches no sheet of the set.'],
    [['A-103'], '"A-103" matches no sheet of the set.'],
    [['A-201..A-210'], '"A-201..A-210" matches no sheet of the set.'],
    [['A-101..S-102'], '"A-101..S-102" is not a range of one discipline: write it as A-101..A-110.'],
    [[7], 'sheet position 7 is not in the set: positions go from 1 to 6.'],
    [[0], 'sheet position 0 is not in the set: positions go from 1 to 6.'],
  ] as const)('%j is refused', (selection, error) => {
    expect(selectSheets(selection, SET)).toEqual({ error });
  });

  it('names unnumbered sheets by position', () => {
    expect(
      sheetNumbersOf(
        [1, 2],
        [
          { position: 1, sheetNumber: 'A-1' },
          { position: 2, sheetNumber: null },
        ],
      ),
    ).toEqual(['A-1', 'sheet 2']);
  });
});

describe('parseRecipients', () => {
  it('reads a pickup and a shipping recipient with defaults', () => {
    const r = parseRecipients([
      { name: 'Owner', delivery: 'pickup' },
      { name: 'Acme Steel', company: 'Acme', email: 'PM@Acme.test', delivery: 'shipping', address: NJ, sheets: ['S'], halfSets: 1, sets: 0 },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.recipients[0]).toMatchObject({
      name: 'Owner',
      sets: 1,
      halfSets: 0,
      reducedSets: 0,
      finishing: { fold: 'none', bind: 'none', holes: 0 },
      halfFinishing: { fold: 'none', bind: 'none', holes: 0 },
      address: null,
      sheets: null,
      email: null,
    });
    expect(r.recipients[1]).toMatchObject({ email: 'pm@acme.test', sets: 0, halfSets: 1, address: { state: 'NJ', zipCode: '07601' }, sheets: ['S'] });
  });

  it.each([0, MAX_RECIPIENTS + 1])('refuses %i recipients', (n) => {
    const r = parseRecipients(Array.from({ length: n }, () => ({ name: 'X', delivery: 'pickup' })));
    expect(r).toEqual({ ok: false, path: 'recipients', message: `Please list from 1 to 50 recipients (${n} were sent).` });
  });

  it('names the recipient and the field of a bad ZIP', () => {
    const list = [1, 2, 3].map((i) => ({ name: `R${i}`, delivery: 'pickup' }));
    const r = parseRecipients([...list, { name: 'Acme Steel', delivery: 'shipping', address: { ...NJ, zipCode: '0760' } }]);
    expect(r).toEqual({ ok: false, path: 'recipients[3].address.zipCode', message: 'Recipient 4 (Acme Steel): ZIP code must be 5 digits' });
  });

  it.each([
    [{ name: 'Acme', delivery: 'shipping' }, 'recipients[0].address', 'Recipient 1 (Acme): please give an address to ship to.'],
    [{ name: 'Acme', delivery: 'shipping', address: { ...NJ, state: 'PA' } }, 'recipients[0].address.zipCode', /^Recipient 1 \(Acme\): /],
    [{ name: '', delivery: 'pickup' }, 'recipients[0].name', /^Recipient 1: /],
    [{ name: 'Acme', delivery: 'drone' }, 'recipients[0].delivery', 'Recipient 1 (Acme): Delivery must be pickup or shipping'],
    [{ name: 'Acme', delivery: 'pickup', sets: 0 }, 'recipients[0].sets', 'Recipient 1 (Acme): Please order at least one set, full size or half size.'],
    [{ name: 'Acme', delivery: 'pickup', sheets: [] }, 'recipients[0].sheets', 'Recipient 1 (Acme): Sheets, when given, must name at least one sheet'],
    [{ name: 'Acme', delivery: 'pickup', email: 'nope' }, 'recipients[0].email', 'Recipient 1 (Acme): Please enter a valid email address'],
  ] as const)('refuses %j', (entry, path, message) => {
    const r = parseRecipients([entry]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.path).toBe(path);
    if (typeof message === 'string') expect(r.message).toBe(message);
    else expect(r.message).toMatch(message);
  });

  it('reads their own finishing and reduced sets, and takes reduced sets alone as their copies', () => {
    const r = parseRecipients([
      { name: 'Field', delivery: 'pickup', sets: 0, reducedSets: 2 },
      { name: 'Owner', delivery: 'pickup', halfSets: 1, finishing: { fold: 'title_out', bind: 'staple_left' }, halfFinishing: { holes: 3 } },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.recipients[0]).toMatchObject({ sets: 0, reducedSets: 2 });
    expect(r.recipients[1]).toMatchObject({
      finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 },
      halfFinishing: { fold: 'none', bind: 'none', holes: 3 },
      reducedSets: 0,
    });
  });

  it.each([
    [
      { name: 'Acme', delivery: 'pickup', reducedSets: 101 },
      'recipients[0].reducedSets',
      'Recipient 1 (Acme): Reduced sets must be a whole number from 0 to 100',
    ],
    [
      { name: 'Acme', delivery: 'pickup', finishing: { fold: 'accordion' } },
      'recipients[0].finishing.fold',
      'Recipient 1 (Acme): Fold must be none or title_out',
    ],
    [{ name: 'Acme', delivery: 'pickup', halfFinishing: { holes: 2 } }, 'recipients[0].halfFinishing.holes', 'Recipient 1 (Acme): Holes must be 0 or 3'],
    [
      { name: 'Acme', delivery: 'pickup', finishing: 'fold' },
      'recipients[0].finishing',
      'Recipient 1 (Acme): Finishing must be an object: {fold, bind, holes}',
    ],
  ] as const)("refuses the finishing of %j with the order's sentences", (entry, path, message) => {
    expect(parseRecipients([entry])).toEqual({ ok: false, path, message });
  });

  it('says which top-level fields belong to the recipients', () => {
    expect(PER_RECIPIENT_FIELDS).toEqual(expect.arrayContaining(['reducedSets', 'finishing', 'halfFinishing']));
    expect(perRecipientFieldsMessage(['sets'])).toBe(
      'With recipients, sets is given for each recipient, not for the whole order. Please send it inside each recipient.',
    );
    expect(perRecipientFieldsMessage(['sets', 'rateId', 'shippingMethod'])).toMatch(/^With recipients, sets, rateId and shippingMethod are given/);
  });
});
