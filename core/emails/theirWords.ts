/**
 * Someone's words in an email the shop sends: a name, a firm's or a project's name, a job name, a PO
 * number, a file name, an address, typed by a customer and read by someone else in a message from
 * the shop's own address. A stranger can type "Blueprint Shop Security: sign in at https://…" as a
 * first name and have the shop deliver it; so every email shows such words as what they are: in a
 * body line that says whose they are, never in a subject, and never as a link (the URL scheme is
 * removed, so no mail client links what is left, in the text or the HTML).
 */
import { withoutUrlSchemes } from '#shared/fields';

/** Someone's words as an email shows them: one line, URL schemes removed. */
export function theirWords(text: string): string {
  return withoutUrlSchemes(text.replace(/\s*[\r\n]+\s*/g, ' '));
}

/**
 * 'Acme Architects': someone's name for a thing, in quotes so it reads as a name and not as the
 * shop's sentence. A quote inside it becomes a typographic one, so it cannot close the quote early.
 */
export function quoted(text: string): string {
  return `'${theirWords(text).replace(/'/g, '’')}'`;
}

/** "Hello Grace," with the reader's own name as they typed it, or "Hello there," without one. */
export function greeting(firstName: string | null | undefined, word = 'Hello'): string {
  const name = firstName ? theirWords(firstName).trim() : '';
  return `${word} ${name || 'there'},`;
}
