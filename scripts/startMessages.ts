/**
 * What `npm start` says about its configuration after the shop is up. The admin password is printed
 * only when it is the development default (so whoever started the shop can sign in); a password set
 * in ADMIN_PASSWORD never reaches the log.
 */
import type { Env } from '#shared/env';
import type { DataPlace } from './embedded-postgres';

/** The lines `npm start` prints about development defaults, the admin sign-in and the source link. */
export function startNotices(env: Pick<Env, 'defaultsUsed' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD' | 'SOURCE_URL'>): string[] {
  const lines: string[] = [];
  if (env.defaultsUsed.length > 0) lines.push(`  development defaults in use for ${env.defaultsUsed.join(', ')}`);
  if (env.defaultsUsed.includes('ADMIN_PASSWORD')) {
    lines.push(`  admin sign-in: ${env.ADMIN_USERNAME} / ${env.ADMIN_PASSWORD}  (set ADMIN_USERNAME and ADMIN_PASSWORD to change)`);
  } else {
    lines.push(`  admin sign-in: ${env.ADMIN_USERNAME} (password from ADMIN_PASSWORD)`);
  }
  if (env.defaultsUsed.includes('SOURCE_URL')) {
    lines.push(`  the footer links ${env.SOURCE_URL} as the source: set SOURCE_URL to your repository at this commit (AGPL, see README)`);
  }
  return lines;
}

/** Where PostgreSQL's data is, said at every start (`place` from scripts/embedded-postgres.ts). */
export function dataPlaceNotice(place: DataPlace): string {
  const how = {
    recorded: 'the database of every start of this folder',
    found: 'the data already there',
    new: 'a new, empty database',
  }[place.how];
  const recorded = place.record ? `, recorded in ${place.record}` : '';
  const aside = place.aside
    ? ' It is under the OS temp folder because the postgres user cannot enter the project (a folder on the way lets only its owner in); a reboot may empty that folder: set DATABASE_URL to keep the data elsewhere.'
    : '';
  return `PostgreSQL's data: ${place.dir} (${how}${recorded}).${aside}`;
}
