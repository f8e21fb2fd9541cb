/** Sent after a paid checkout with "Create an account": a link to set a password (never the password). */
import type { ShopFacts } from '#shared/shop';
import { greeting } from './theirWords';

export function setPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function accountCreatedEmail(input: { firstName: string; appUrl: string; token: string; shop: Pick<ShopFacts, 'name' | 'email'> }) {
  const link = setPasswordLink(input.appUrl, input.token);
  const text = [
    greeting(input.firstName, 'Hi'),
    '',
    `Your ${input.shop.name} account was created with your order. Set your password to sign in, see your order history and download receipts:`,
    '',
    link,
    '',
    'The link works once and expires in 7 days. If you did not ask for an account, ignore this email.',
    '',
    `Questions? ${input.shop.email}`,
  ].join('\n');
  return { subject: `Set your ${input.shop.name} password`, text, link };
}
