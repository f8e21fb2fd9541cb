/**
 * Pricing a distribution list: a 40-sheet set (10 sheets each of A, S, E and M) to 50 recipients
 * against the same set to one recipient, each priced as the checkout does it (`POST
 * /api/shipping-rates` with the list, then `POST /api/create-payment-intent` with each package's
 * cheapest rate), with the built-in rate table, in one run, taking turns for `--rounds` rounds. The
 * target: the 50-recipient pricing within 2x the one-recipient pricing (medians).
 *
 *   npx tsx bench/recipients-pricing.ts              # 15 rounds
 *   npx tsx bench/recipients-pricing.ts --rounds 30
 *
 * Runs the real web and worker processes on a throw-away database (BENCH_DATABASE_URL's server).
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { median, startShop } from './kit';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

const DISCIPLINES = ['A', 'S', 'E', 'M'];
const SHEETS = DISCIPLINES.flatMap((d) => Array.from({ length: 10 }, (_, i) => `${d}-${101 + i}`));
const ADDRESSES = [
  { street1: '1 Penn Sq', street2: '', city: 'Philadelphia', state: 'PA', zipCode: '19107' },
  { street1: '10 Park Ave', street2: '', city: 'Hackensack', state: 'NJ', zipCode: '07601' },
  { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' },
  { street1: '200 SW Market St', street2: '', city: 'Portland', state: 'OR', zipCode: '97201' },
  { street1: '1 Market St', street2: '', city: 'San Francisco', state: 'CA', zipCode: '94105' },
];

/** The fifty: every fifth picks up the whole set, the others get a discipline, a range or half sets, shipped. */
const FIFTY = Array.from({ length: 50 }, (_, i) =>
  i % 5 === 0
    ? { name: `Holder ${i + 1}`, delivery: 'pickup' }
    : {
        name: `Sub ${i + 1}`,
        company: `Trade ${i + 1}`,
        delivery: 'shipping',
        address: ADDRESSES[i % ADDRESSES.length],
        sheets: i % 3 === 0 ? [DISCIPLINES[i % 4]] : [`${DISCIPLINES[i % 4]}-101..${DISCIPLINES[i % 4]}-105`, 1],
        sets: 1 + (i % 3),
        halfSets: i % 2,
      },
);
const ONE = [{ name: 'Owner', delivery: 'shipping', address: ADDRESSES[2] }];

/** A browser: its cookie jar, one header. */
class Browser {
  cookie = '';
  constructor(private readonly base: string) {}
  async post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length > 0) this.cookie = set.join('; ');
    return { status: res.status, body: await res.json() };
  }
}

async function main() {
  const rounds = arg('rounds', 15);
  const shop = await startShop('recipients');
  const sql = postgres(shop.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const browser = new Browser(shop.base);
    // A session for the browser, then its upload of the 40 numbered sheets (analysed, as the report leaves it).
    await browser.post('/api/shipping-rates', { toAddress: ADDRESSES[0], printSize: '24x36', pageCount: 1 });
    const [session] = await sql<{ sid: string }[]>`select sid from sessions order by expire desc limit 1`;
    const uploadId = randomUUID();
    await sql`
      insert into uploads (id, session_sid, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, analyzed_at, sheets_complete)
      values (${uploadId}, ${session.sid}, 'Set.pdf', 1000, ${`uploads/${uploadId}/original.pdf`}, 'ready', ${SHEETS.length}, '24x36', '24" x 36"', now(), true)`;
    await sql`insert into upload_sheets ${sql(SHEETS.map((n, i) => ({ upload_id: uploadId, number: i + 1, width_in: 36, height_in: 24, sheet_number: n })))}`;

    const price = async (recipients: unknown[]) => {
      const started = performance.now();
      const rates = await browser.post('/api/shipping-rates', { uploadId, printSize: '24x36', printType: 'bw', recipients });
      if (rates.status !== 200) throw new Error(`rates ${rates.status}: ${JSON.stringify(rates.body)}`);
      const ratesMs = performance.now() - started;
      const quoted = (rates.body as { recipients: { rates: { rateId: string }[] }[] }).recipients;
      const withRates = recipients.map((r, i) => (quoted[i].rates[0] ? { ...(r as object), rateId: quoted[i].rates[0].rateId } : r));
      const placed = await browser.post('/api/create-payment-intent', {
        uploadId,
        printSize: '24x36',
        printType: 'bw',
        customerEmail: 'gc@example.com',
        customerFirstName: 'Grace',
        customerLastName: 'Hopper',
        recipients: withRates,
      });
      if (placed.status !== 201) throw new Error(`checkout ${placed.status}: ${JSON.stringify(placed.body)}`);
      return { total: performance.now() - started, rates: ratesMs };
    };
    // Warm both paths once.
    await price(ONE);
    await price(FIFTY);
    const one: { total: number; rates: number }[] = [];
    const fifty: { total: number; rates: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      one.push(await price(ONE));
      fifty.push(await price(FIFTY));
    }
    const [m1, m50] = [median(one.map((t) => t.total)), median(fifty.map((t) => t.total))];
    const [r1, r50] = [median(one.map((t) => t.rates)), median(fifty.map((t) => t.rates))];
    const ratio = m50 / m1;
    console.log(`${os.hostname()} · load ${os.loadavg()[0].toFixed(2)} · ${new Date().toISOString()} · ${rounds} rounds`);
    console.log('| recipients | median ms (rates + checkout) | of which rates |');
    console.log('|---|---|---|');
    console.log(`| 1 | ${m1.toFixed(1)} | ${r1.toFixed(1)} |`);
    console.log(`| 50 | ${m50.toFixed(1)} | ${r50.toFixed(1)} |`);
    console.log(`ratio ${ratio.toFixed(2)}x (target ≤ 2x): ${ratio <= 2 ? 'met' : 'MISSED'}`);
  } finally {
    await sql.end({ timeout: 1 });
    await shop.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
