import { describe, expect, it } from 'vitest';
import { stateField } from './fields';
import { US_STATES } from './pricing';
import { US_STATE_NAMES, stateCodeOf } from './usStates';

describe('state names', () => {
  it('names exactly the states the tax table lists', () => {
    expect(Object.keys(US_STATE_NAMES).sort()).toEqual(US_STATES);
  });

  it.each([
    ['NY', 'NY'],
    ['ny', 'NY'],
    [' New York ', 'NY'],
    ['new york', 'NY'],
    ['NEW   YORK', 'NY'],
    ['New Jersey', 'NJ'],
    ['West Virginia', 'WV'],
    ['Virginia', 'VA'],
    ['Washington', 'WA'],
    ['Washington, D.C.'.replace(',', ''), 'DC'],
    ['District of Columbia', 'DC'],
    ['Arkansas', 'AR'],
    ['Kansas', 'KS'],
  ])('reads %j as %s', (typed, code) => {
    expect(stateCodeOf(typed)).toBe(code);
  });

  it.each(['', 'NE York', 'ZZ', 'New', 'York', 'N', 'Puerto Rico'])('reads %j as no state', (typed) => {
    expect(stateCodeOf(typed)).toBeNull();
  });

  it('is what the state field stores, with a message that names what was typed', () => {
    expect(stateField.parse('New York')).toBe('NY');
    expect(stateField.parse('or')).toBe('OR');
    const zz = stateField.safeParse('ZZ');
    expect(zz.success).toBe(false);
    expect(zz.error?.issues[0].message).toBe('ZZ is not a US state. Please check it.');
    expect(stateField.safeParse('  ').error?.issues[0].message).toBe('Please enter the state.');
  });
});
