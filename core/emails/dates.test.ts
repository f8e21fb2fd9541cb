/**
 * The emails promise dates on the shop's clock: an order due at 7 PM on Tuesday in New York is due
 * Tuesday, though the server (the tests run in UTC) already calls it Wednesday.
 */
import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from './orderConfirmation';
import { statusEmail } from './status-change';
import { orderRowFor } from '#test/helpers/orderRow';
import { parseEnv } from '#shared/env';

const DUE = new Date('2026-11-25T00:00:00Z');

describe('dates in emails', () => {
  it('runs where UTC is a day ahead of the shop', () => {
    expect(DUE.getDate()).toBe(25);
  });

  it('the confirmation promises the ready-by day and time in the shop zone', () => {
    const email = orderConfirmationEmail(orderRowFor({ ready_by: DUE, shipping_method: 'pickup' }), {
      appUrl: 'http://shop.test',
      supportEmail: 'support@shop.test',
      supportPhone: '(201) 555-0142',
    });
    expect(email.text).toContain('Ready Tuesday, Nov 24 by 7:00 PM.');
    expect(email.text).not.toContain('Nov 25');
  });

  it('the printing email says when it will be ready in the shop zone', () => {
    const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused', APP_URL: 'http://shop.test' });
    const email = statusEmail(env, orderRowFor({ ready_by: DUE, status: 'processing' }));
    expect(email.text).toContain('It will be ready Tuesday, Nov 24 by 7:00 PM.');
  });
});
