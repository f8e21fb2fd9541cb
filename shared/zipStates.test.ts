import { describe, expect, it } from 'vitest';
import { US_STATES } from './pricing';
import { OTHER_ZIP_PLACE_NAMES } from './usStates';
import { zipOwner, zipStateMismatch } from './zipStates';

describe('which state owns a ZIP', () => {
  it.each([
    // The addresses that were taxed in the state typed instead of the ZIP's.
    ['07652', 'NJ'], // Paramus
    ['10118', 'NY'], // New York
    ['19107', 'PA'], // Philadelphia
    ['55401', 'MN'], // Minneapolis
    ['90012', 'CA'], // Los Angeles
    ['98101', 'WA'], // Seattle
    // Ends of the list and the prefixes that change hands.
    ['00501', 'NY'], // Holtsville, the lowest ZIP in use
    ['00544', 'NY'],
    ['00601', 'PR'],
    ['00802', 'VI'],
    ['00901', 'PR'],
    ['01001', 'MA'],
    ['02903', 'RI'],
    ['03301', 'NH'],
    ['04101', 'ME'],
    ['05401', 'VT'],
    ['05501', 'MA'], // Andover, inside Vermont's range
    ['06103', 'CT'],
    ['06390', 'NY'], // Fishers Island, inside Connecticut's 063
    ['08901', 'NJ'],
    ['09001', 'AE'],
    ['19901', 'DE'],
    ['20001', 'DC'],
    ['20101', 'VA'], // Dulles, between Washington's prefixes
    ['20500', 'DC'], // the White House
    ['20598', 'VA'],
    ['20601', 'MD'],
    ['21201', 'MD'],
    ['22201', 'VA'],
    ['25301', 'WV'],
    ['34001', 'AA'],
    ['34102', 'FL'],
    ['39501', 'MS'],
    ['39901', 'GA'],
    ['56901', 'DC'],
    ['58102', 'ND'],
    ['59601', 'MT'],
    ['72643', 'MO'],
    ['73301', 'TX'], // Austin's IRS prefix, inside Oklahoma's
    ['73401', 'OK'],
    ['73960', 'TX'], // Texhoma, TX, inside Oklahoma's 739
    ['83401', 'ID'],
    ['83414', 'WY'], // Alta, WY, inside Idaho's 834
    ['84101', 'UT'],
    ['88501', 'TX'], // El Paso, inside New Mexico's range
    ['89101', 'NV'],
    ['96201', 'AP'],
    ['96799', 'AS'],
    ['96813', 'HI'],
    ['96910', 'GU'],
    ['96950', 'MP'],
    ['97201', 'OR'],
    ['99501', 'AK'],
    ['99950', 'AK'],
    ['07652-1234', 'NJ'],
  ])('%s is in %s', (zip, owner) => {
    expect(zipOwner(zip)).toBe(owner);
  });

  it.each(['00000', '00100', '00499', '09901', '21301', '34301', '57801', '86901', '98701', '0765', '7652a', ''])('%j belongs to no state', (zip) => {
    expect(zipOwner(zip)).toBeNull();
  });

  it('gives every state and DC the shop ships to some ZIPs, and names every place it gives ZIPs to', () => {
    const owners = new Set<string>();
    for (let zip = 0; zip < 100_000; zip++) {
      const owner = zipOwner(String(zip).padStart(5, '0'));
      if (owner) owners.add(owner);
    }
    for (const state of US_STATES) expect(owners, state).toContain(state);
    expect([...owners].filter((o) => !US_STATES.includes(o)).sort()).toEqual(Object.keys(OTHER_ZIP_PLACE_NAMES).sort());
  });
});

describe('the sentence for a ZIP typed with another state', () => {
  it.each([
    ['07652', 'NH', 'ZIP 07652 is in New Jersey, not New Hampshire.'],
    ['10118', 'DE', 'ZIP 10118 is in New York, not Delaware.'],
    ['19107', 'DE', 'ZIP 19107 is in Pennsylvania, not Delaware.'],
    ['55401', 'MT', 'ZIP 55401 is in Minnesota, not Montana.'],
    ['90012', 'OR', 'ZIP 90012 is in California, not Oregon.'],
    ['98101', 'AK', 'ZIP 98101 is in Washington, not Alaska.'],
    ['00901', 'NY', 'ZIP 00901 is in Puerto Rico, not New York.'],
    ['09001', 'NY', 'ZIP 09001 is in Armed Forces Europe, not New York.'],
    ['00000', 'NY', 'ZIP 00000 is not in use in any state. Please check the address.'],
  ])('%s with %s: %s', (zip, state, sentence) => {
    expect(zipStateMismatch(zip, state)).toBe(sentence);
  });

  it.each([
    ['07652', 'NJ'],
    ['00501', 'NY'],
    ['20001', 'DC'],
    ['10118-0110', 'NY'],
  ])('%s with %s is no mismatch', (zip, state) => {
    expect(zipStateMismatch(zip, state)).toBeNull();
  });
});
