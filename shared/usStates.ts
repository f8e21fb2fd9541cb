/**
 * The states the shop ships to by name: the two-letter code a person may type in full ("New York",
 * "new york") and the code it stands for. The tax table in ./pricing.ts lists the same 51 codes;
 * ./fields.ts `stateField` turns what was typed into the code through `stateCodeOf`.
 */
export const US_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/**
 * The other places USPS gives ZIP codes to: territories, freely associated states and the military
 * post offices. The shop does not ship there (stateCodeOf reads none of them), but a ZIP of theirs
 * typed with a state is named for where it is (./zipStates.ts).
 */
export const OTHER_ZIP_PLACE_NAMES: Readonly<Record<string, string>> = {
  PR: 'Puerto Rico',
  VI: 'the U.S. Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'the Northern Mariana Islands',
  PW: 'Palau',
  FM: 'Micronesia',
  MH: 'the Marshall Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** Other ways people write a state's name, beyond the table's. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  'washington dc': 'DC',
  'washington d c': 'DC',
  'd c': 'DC',
};

/** Lower case, dots and extra spaces gone: "  New   York " and "new york" read the same. */
function key(text: string): string {
  return text.toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
}

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(US_STATE_NAMES).map(([code, name]) => [key(name), code] as const),
  ...Object.entries(OTHER_NAMES),
]);

/**
 * The two-letter code of a state typed as its code ("ny", "NY") or its name ("New York", "new
 * york"), or null when it is neither.
 */
export function stateCodeOf(text: string): string | null {
  const k = key(text);
  const code = k.toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && code in US_STATE_NAMES) return code;
  return CODE_BY_NAME.get(k) ?? null;
}
