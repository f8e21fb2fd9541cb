/** Which ZIP codes belong to which states: a ZIP typed for the wrong state is caught before any carrier is asked. */
/** Which states each ZIP first digit serves (USPS national areas); catches a ZIP typed for the wrong state. */
const STATES_BY_ZIP_DIGIT: Record<string, string[]> = {
  '0': ['CT', 'MA', 'ME', 'NH', 'NJ', 'NY', 'RI', 'VT'],
  '1': ['DE', 'NY', 'PA'],
  '2': ['DC', 'MD', 'NC', 'SC', 'VA', 'WV'],
  '3': ['AL', 'FL', 'GA', 'MS', 'TN'],
  '4': ['IN', 'KY', 'MI', 'OH'],
  '5': ['IA', 'MN', 'MT', 'ND', 'SD', 'WI'],
  '6': ['IL', 'KS', 'MO', 'NE'],
  '7': ['AR', 'LA', 'OK', 'TX'],
  '8': ['AZ', 'CO', 'ID', 'NM', 'NV', 'UT', 'WY'],
  '9': ['AK', 'CA', 'HI', 'OR', 'WA'],
};

/** No ZIP code starts 000 to 004 (the lowest in use, 00501, is in Holtsville, NY). */
const UNASSIGNED = /^00[0-4]/;

/** True when the ZIP belongs to the state's range. */
export function zipMatchesState(zip: string, state: string): boolean {
  if (UNASSIGNED.test(zip)) return false;
  return (STATES_BY_ZIP_DIGIT[zip[0]] ?? []).includes(state);
}
