import { describe, expect, it } from 'vitest';
import { parseTestimonials } from './testimonials';

describe('parseTestimonials', () => {
  it('shows none until the shop sets some', () => {
    expect(parseTestimonials(undefined)).toEqual([]);
    expect(parseTestimonials('  ')).toEqual([]);
  });
  it('reads the configured words as given', () => {
    expect(parseTestimonials('[{"quote":"On time.","name":"Ana Ruiz","role":"Architect"},{"quote":"Fine.","name":"Bo"}]')).toEqual([
      { quote: 'On time.', name: 'Ana Ruiz', role: 'Architect' },
      { quote: 'Fine.', name: 'Bo', role: '' },
    ]);
  });
  it('refuses broken configuration with a sentence naming the variable', () => {
    expect(() => parseTestimonials('not json')).toThrow(/^SHOP_TESTIMONIALS must be a JSON array/);
    expect(() => parseTestimonials('[{"quote":"","name":"Bo"}]')).toThrow(/^SHOP_TESTIMONIALS: 0\.quote/);
  });
});
