/**
 * The uploaded file as the landing page keeps it in session storage (spec: name, page count, size,
 * and the chosen print size, print type and total), so coming back from checkout shows it again.
 * Checked by hand rather than with zod, which would add 23 kB to the landing page for this alone.
 */
import { MAX_SETS, MIN_SETS, ORDER_PRINT_SIZES, ORDER_PRINT_TYPES, type OrderPrintSize, type OrderPrintType } from '#shared/pricing';

import { CHECKOUT_DATA_KEY, UPLOADED_FILE_KEY } from '#shared/storageKeys';
import { isUuid } from '#shared/ids';
import { MAX_SET_FILES } from '#shared/limits';
import { BINDS, FOLDS, HOLES, type Finishing } from '#shared/finishing';

export { CHECKOUT_DATA_KEY, UPLOADED_FILE_KEY };

export type StoredUpload = {
  uploadId: string;
  name: string;
  pageCount: number;
  size: number;
  printSize: OrderPrintSize | null;
  printType: OrderPrintType | null;
  totalAmount: number | null;
  /** Absent in values stored before sets existed. */
  sets?: number;
  /** Absent in values stored before half-size sets existed. */
  halfSets?: number;
  /** With `auto`: the positions (through the set) chosen in color. */
  colorSheets?: number[];
  /** A set of several files: every file in print order (the first is `uploadId`). */
  uploadIds?: string[];
  /** Reduced sets and finishing; absent in values stored before they existed. */
  reducedSets?: number;
  finishing?: Finishing;
  halfFinishing?: Finishing;
};

const isFinishing = (v: unknown): v is Finishing => {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (FOLDS as readonly unknown[]).includes(f.fold) && (BINDS as readonly unknown[]).includes(f.bind) && (HOLES as readonly unknown[]).includes(f.holes);
};

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function isStoredUpload(v: unknown): v is StoredUpload {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.uploadId === 'string' &&
    isUuid(o.uploadId) &&
    typeof o.name === 'string' &&
    isCount(o.pageCount) &&
    o.pageCount > 0 &&
    isCount(o.size) &&
    (o.printSize === null || (ORDER_PRINT_SIZES as readonly unknown[]).includes(o.printSize)) &&
    (o.printType === null || (ORDER_PRINT_TYPES as readonly unknown[]).includes(o.printType)) &&
    (o.sets === undefined || (isCount(o.sets) && o.sets >= MIN_SETS && o.sets <= MAX_SETS)) &&
    (o.halfSets === undefined || (isCount(o.halfSets) && o.halfSets <= MAX_SETS)) &&
    (o.colorSheets === undefined || (Array.isArray(o.colorSheets) && o.colorSheets.every((n) => isCount(n) && n >= 1))) &&
    (o.uploadIds === undefined ||
      (Array.isArray(o.uploadIds) && o.uploadIds.length <= MAX_SET_FILES && o.uploadIds.every((id) => typeof id === 'string' && isUuid(id)))) &&
    (o.reducedSets === undefined || (isCount(o.reducedSets) && o.reducedSets <= MAX_SETS)) &&
    (o.finishing === undefined || isFinishing(o.finishing)) &&
    (o.halfFinishing === undefined || isFinishing(o.halfFinishing)) &&
    (o.totalAmount === null || (typeof o.totalAmount === 'number' && o.totalAmount >= 0))
  );
}

export function readStoredUpload(): StoredUpload | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(UPLOADED_FILE_KEY) ?? 'null');
    return isStoredUpload(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredUpload(value: StoredUpload | null): void {
  try {
    if (value) sessionStorage.setItem(UPLOADED_FILE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(UPLOADED_FILE_KEY);
  } catch {
    // Storage full or disabled: the page still works, it just forgets on reload.
  }
}
