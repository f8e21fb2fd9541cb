import { describe, expect, it } from 'vitest';
import { parseRecipients } from './recipients';
import { readCsv, recipientsFromCsv, rowFinishing } from './recipientsCsv';

const CSV = [
  'Name,Company,Email,Phone,Street1,Street2,City,State,Zip,Sets,HalfSets,Sheets',
  'Owner,Client Co,owner@client.test,,,,,,,1,0,',
  'Pat Lee,Keystone Steel,pm@keystone.test,215-555-0100,1 Penn Sq,,Philadelphia,PA,19107,2,,S',
  '"Volt, Inc.",Volt Electric,,,10 Park Ave,"Suite ""B""",Hackensack,NJ,07601,0,1,"A-101..A-110; E"',
  '',
].join('\r\n');

describe('readCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and skips blank lines', () => {
    expect(readCsv('a,"b, c","d ""e"""\n\n"f\ng",h')).toEqual([
      ['a', 'b, c', 'd "e"'],
      ['f\ng', 'h'],
    ]);
  });
});

describe('recipientsFromCsv', () => {
  it('makes a pickup of a row without an address and a shipping recipient of one with', () => {
    const read = recipientsFromCsv(CSV);
    expect(read).toEqual({
      ok: true,
      recipients: [
        { name: 'Owner', company: 'Client Co', email: 'owner@client.test', delivery: 'pickup', sets: 1, halfSets: 0 },
        {
          name: 'Pat Lee',
          company: 'Keystone Steel',
          email: 'pm@keystone.test',
          phone: '215-555-0100',
          delivery: 'shipping',
          address: { street1: '1 Penn Sq', street2: '', city: 'Philadelphia', state: 'PA', zipCode: '19107' },
          sets: 2,
          sheets: ['S'],
        },
        {
          name: 'Volt, Inc.',
          company: 'Volt Electric',
          delivery: 'shipping',
          address: { street1: '10 Park Ave', street2: 'Suite "B"', city: 'Hackensack', state: 'NJ', zipCode: '07601' },
          sets: 0,
          halfSets: 1,
          sheets: ['A-101..A-110', 'E'],
        },
      ],
    });
    if (read.ok) expect(parseRecipients(read.recipients).ok).toBe(true);
  });

  it('leaves a bad ZIP or state to the recipients check, which names the row', () => {
    const read = recipientsFromCsv(
      [
        'name,company,street1,city,state,zip',
        'A,,1 Main St,Albany,NY,12207',
        'B,,1 Main St,Albany,NY,12207',
        'C,,1 Main St,Albany,NY,12207',
        'D,Acme Steel,1 Main St,Albany,NY,1220',
      ].join('\n'),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(parseRecipients(read.recipients)).toEqual({
      ok: false,
      path: 'recipients[3].address.zipCode',
      message: 'Recipient 4 (D): ZIP code must be 5 digits',
    });
    const state = recipientsFromCsv('name,street1,city,state,zip\nE,1 Main St,Albany,XX,12207');
    expect(state.ok && parseRecipients(state.recipients)).toMatchObject({ ok: false, path: 'recipients[0].address.state' });
    const sets = recipientsFromCsv('name,sets\nF,two');
    expect(sets.ok && parseRecipients(sets.recipients)).toMatchObject({ ok: false, path: 'recipients[0].sets' });
  });

  it('reads fold, bind, holes and reduced sets onto the kinds of sets each row has', () => {
    const read = recipientsFromCsv(
      [
        'name,sets,halfSets,fold,bind,holes,reducedSets',
        'Both,1,1,yes,staple,3,1',
        'Full,2,,title_out,Screw Post,,',
        'Half,0,2,,,3,',
        'Plain,1,0,no,none,0,0',
        'Odd,1,0,accordion,glue,2,x',
      ].join('\n'),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const [both, full, half, plain, odd] = read.recipients;
    expect(both).toMatchObject({
      finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 },
      halfFinishing: { fold: 'title_out', bind: 'staple_left', holes: 3 },
      reducedSets: 1,
    });
    expect(full).toMatchObject({ finishing: { fold: 'title_out', bind: 'screw_post', holes: 0 } });
    expect(full.halfFinishing).toBeUndefined();
    expect(half).toMatchObject({ halfFinishing: { fold: 'none', bind: 'none', holes: 3 } });
    expect(half.finishing).toBeUndefined();
    expect(plain).toEqual({ name: 'Plain', delivery: 'pickup', sets: 1, halfSets: 0, reducedSets: 0 });
    // Words the shop does not know go to the server as typed, so its sentence names them.
    expect(odd).toMatchObject({ finishing: { fold: 'accordion', bind: 'glue', holes: 0 }, halfFinishing: { holes: '2' } });
    expect(odd.reducedSets).toBeNaN();
    expect(parseRecipients([both, full, half, plain]).ok).toBe(true);
    expect(parseRecipients([odd])).toMatchObject({ ok: false, path: 'recipients[0].reducedSets' });
  });

  it('asks for holes without a half-size set on the half-size sets, where the server says why', () => {
    expect(rowFinishing({ sets: 1, halfSets: 0 }, { fold: '', bind: '', holes: '3' })).toEqual({ halfFinishing: { fold: 'none', bind: 'none', holes: 3 } });
    expect(rowFinishing({}, { fold: 'Title out', bind: '', holes: '' })).toEqual({ finishing: { fold: 'title_out', bind: 'none', holes: 0 } });
  });

  it.each([
    ['', 'The CSV is empty. Please give a header row and one recipient a row.'],
    [
      'name,fax\nA,1',
      'The CSV has a column "fax" we do not know. Columns: name, company, email, phone, street1, street2, city, state, zip, sets, halfSets, sheets, fold, bind, holes, reducedSets.',
    ],
    ['company\nAcme', 'The CSV header must name a "name" column.'],
    ['name,company\n', 'The CSV has a header but no recipients.'],
  ])('refuses %j', (text, message) => {
    expect(recipientsFromCsv(text)).toEqual({ ok: false, message });
  });
});
