import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES, faqAnswer } from './faq';
import { telHref } from '../components/landing/StillHaveQuestions';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';
import { formatCents } from '#shared/money';

const contact = { supportEmail: 'help@example.test', supportPhone: '(973) 555-0199' };

describe('FAQ content', () => {
  it("has the spec's ten categories, each with a question, and unique ids", () => {
    expect(FAQ_CATEGORIES).toHaveLength(10);
    for (const category of FAQ_CATEGORIES)
      expect(
        FAQ.some((e) => e.category === category),
        category,
      ).toBe(true);
    expect(new Set(FAQ.map((e) => e.id)).size).toBe(FAQ.length);
  });

  it('quotes every price from the price table and the support contact it is given', () => {
    const all = FAQ.map((e) => faqAnswer(e, contact)).join('\n');
    for (const size of Object.values(PRICE_PER_PAGE_CENTS)) for (const cents of Object.values(size)) expect(all).toContain(formatCents(cents));
    expect(all).toContain(contact.supportEmail);
    expect(all).toContain(contact.supportPhone);
    expect(all).not.toContain('undefined');
  });
});

describe('telHref', () => {
  it('turns a US number into an international tel: link and keeps others as dialled', () => {
    expect(telHref('(201) 555-0142')).toBe('tel:+12015550142');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('555-0142')).toBe('tel:5550142');
  });
});
