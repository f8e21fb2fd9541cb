/**
 * What customers said, as the shop's configuration gives it (SHOP_TESTIMONIALS): real words from
 * real customers only, so none are shown until the shop sets some. No stars: nobody rated anything.
 */
import { z } from 'zod';

export const TestimonialSchema = z.object({
  quote: z.string().trim().min(1).max(500),
  name: z.string().trim().min(1).max(100),
  /** "Architect, Delgado Studio". */
  role: z.string().trim().max(150).default(''),
});
export type Testimonial = z.output<typeof TestimonialSchema>;

const EXAMPLE = 'e.g. [{"quote":"Picked up on the way home.","name":"Maria Delgado","role":"Architect, Delgado Studio"}]';

/** The testimonials of SHOP_TESTIMONIALS (a JSON array of {quote, name, role}); none when unset. Throws a sentence naming the fault. */
export function parseTestimonials(value: string | undefined): Testimonial[] {
  if (!value || value.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error(`SHOP_TESTIMONIALS must be a JSON array of {quote, name, role}, ${EXAMPLE}`);
  }
  const parsed = z.array(TestimonialSchema).max(12).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`SHOP_TESTIMONIALS: ${issue.path.join('.') || 'the list'} ${issue.message.toLowerCase()} (${EXAMPLE})`);
  }
  return parsed.data;
}
