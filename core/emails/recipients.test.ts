/** A recipient's email says what is theirs: a package of reduced sets alone is named as such. */
import { describe, expect, it } from 'vitest';
import { recipientEmail } from './recipients';
import { packagesOfOrder } from '../orders/recipients';
import { orderRowFor } from '#test/helpers/orderRow';
import { parseEnv } from '#shared/env';

const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused', APP_URL: 'http://shop.test' });

describe("a recipient's email", () => {
  it('names their reduced sets beside their full-size sets', () => {
    const order = orderRowFor({ status: 'completed' });
    const [own] = packagesOfOrder(order);
    const field = { ...own, id: 'r-1', name: 'Field Office', email: 'field@example.com', delivery: 'pickup' as const, sheetNumbers: ['A-101'], positions: [1] };
    expect(recipientEmail(env, order, { ...field, sets: 0, halfSets: 0, reducedSets: 2 })?.text).toContain(
      'sent you 2 reduced 11" x 17" sets of 1 sheet (A-101)',
    );
    expect(recipientEmail(env, order, { ...field, sets: 1, halfSets: 0, reducedSets: 1 })?.text).toContain(
      'sent you 1 set + 1 reduced 11" x 17" set of 1 sheet (A-101)',
    );
  });
});
