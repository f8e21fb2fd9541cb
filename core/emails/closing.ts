/** The lines our emails end with: how to reach the counter, and who signs. */
import { shopTagline, type ShopFacts } from '#shared/shop';

/** "Questions? email or phone.": the line order and invoice emails end with before the shop's name. */
export function questionsLine(shop: Pick<ShopFacts, 'email' | 'phone'>): string {
  return `Questions? ${shop.email} or ${shop.phone}.`;
}

/** The sign-off of account, lookup and firm emails: the shop's name, then "Large-format printing in City, ST". */
export function signOff(shop: Pick<ShopFacts, 'name' | 'city' | 'state'>): string {
  return `${shop.name}\n${shopTagline(shop)}`;
}
