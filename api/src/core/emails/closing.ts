/** The line our order and invoice emails end with before the shop's name: how to reach the counter. */
import type { ShopFacts } from '#shared/shop';

export function questionsLine(shop: Pick<ShopFacts, 'email' | 'phone'>): string {
  return `Questions? ${shop.email} or ${shop.phone}.`;
}
