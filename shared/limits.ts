/** Limits shared by the client, the API and the worker. */

/** Largest upload accepted, in bytes (50 MB). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Most pages one uploaded PDF may have. */
export const MAX_PAGES = 500;
/** Most files one drawing set (one order) may be made of; each is uploaded and analysed on its own. */
export const MAX_SET_FILES = 30;
/** Most sheets one drawing set may have, across all its files. */
export const MAX_SET_SHEETS = 1000;
/** How far a sheet may be from a print size and still count as that size, in inches. */
export const SIZE_TOLERANCE_INCHES = 0.125;
/** How many sheet previews are rendered per upload. */
export const MAX_PREVIEWS = 50;
/**
 * The enlarged preview's long side in pixels, drawn when a customer first enlarges a sheet: 2400 px
 * is 67 dots per inch on a 36" sheet (57 on a 42" one), sharp in a dialog as wide as a laptop's
 * screen at twice its pixel density, and at most 5.8 million pixels (a square sheet).
 */
export const LARGE_PREVIEW_PX = 2400;
/** Uploads that never became orders are deleted after this many hours. */
export const UPLOAD_TTL_HOURS = 24;
/** The moment before which an upload that never became an order (or a revision no order names) has lived its UPLOAD_TTL_HOURS. */
export function uploadTtlCutoff(now = Date.now()): Date {
  return new Date(now - UPLOAD_TTL_HOURS * 3600_000);
}
/** Unpaid orders are cleaned up after this many hours. */
export const UNPAID_ORDER_TTL_HOURS = 24;
/** Exports are deleted after this many hours. */
export const EXPORT_TTL_HOURS = 24;
/** Minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;
/** Seconds the counter has to undo a status change before the customer's email goes. */
export const STATUS_UNDO_SECONDS = 10;
/** Largest credit limit the counter may give a firm on account, in dollars. */
export const MAX_CREDIT_LIMIT_DOLLARS = 100_000;
