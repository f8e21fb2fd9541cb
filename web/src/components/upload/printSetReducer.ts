/**
 * The upload screen's state as one value: the set's files (each on its way, being analysed, or
 * ready) and the customer's choices, changed only by the actions below. Until the customer picks
 * the ink, it follows what the analysis found in the set as it stands (each time the set's files or
 * the completeness of their report change). Pure: uploads, polling, storage and navigation live in
 * ./usePrintSet.ts, which dispatches what happened.
 */
import type { OrderPrintSize, OrderPrintType } from '#shared/pricing';
import type { Finishing } from '#shared/finishing';
import { detectedColorSheets, initialInk, NO_CHOICES, priceOf, type ConfiguredUpload, type PrintChoices, type UploadRefusal } from './printSet';
import type { StoredUpload } from './storedUpload';
import type { UploadInfo } from '#shared/upload';
import { combineSet, movePositions, type ReadyInfo } from './uploadSet';
import { sortSheetPositions } from '#shared/sheetOrder';

/** One file of the set: on its way, being analysed, or ready (its upload's JSON). */
export type SetEntry = {
  key: string;
  fileName: string;
  /** `unprintable`: refused only for sheets no paper takes, which may be left out (`refused`). */
  stage: 'uploading' | 'processing' | 'unprintable' | 'ready';
  percent: number;
  info: ReadyInfo | null;
  /** The refusal of a file whose unprintable sheets may be left out; kept while the new upload is made. */
  refused?: UploadInfo;
  /** Why the last request to leave them out failed. */
  leaveOutError?: string | null;
  /** Stops the file's upload and analysis when it is removed or the page is left. */
  control?: AbortController;
  /** When its per-sheet report stops being asked for (epoch ms): a report may never complete. */
  followUntil?: number;
};

export type PrintSetState = {
  entries: SetEntry[];
  choices: PrintChoices;
  /** The customer picked the ink: a color report arriving later must not change it (and the price no longer waits for it). */
  inkChosen: boolean;
  /** The first file of this set came in on this visit ('Upload Complete!'), rather than restored. */
  justUploaded: boolean;
  goingToCheckout: boolean;
  /** The last file turned down: shown under the drop zone until the next file is chosen. */
  refusal: UploadRefusal | null;
  /** "Sort by discipline": the set's positions in the order they print; null in file order. Any change of the files drops it. */
  sheetOrder: number[] | null;
};

export type PrintSetAction =
  | { type: 'filesChosen' }
  | { type: 'fileAdded'; key: string; fileName: string; control: AbortController }
  | { type: 'fileProgress'; key: string; percent: number }
  | { type: 'fileSent'; key: string }
  | { type: 'fileReady'; key: string; info: ReadyInfo; followUntil: number }
  /** Refused only for sheets no paper takes: it stays in its place, offering to leave them out. */
  | { type: 'fileUnprintable'; key: string; refused: UploadInfo; error?: string }
  /** The file without those sheets is being made and analysed, in the same place. */
  | { type: 'leaveOutStarted'; key: string }
  | { type: 'reportArrived'; info: ReadyInfo }
  /** No verdict will come for these files (polling failed): the price stands without their report. */
  | { type: 'reportStopped'; uploadIds: string[] }
  | { type: 'fileRemoved'; key: string }
  | { type: 'fileMoved'; key: string; by: -1 | 1 }
  /** Dragged to another place in the set (0-based). */
  | { type: 'fileMovedTo'; key: string; to: number }
  | { type: 'allRemoved' }
  | { type: 'restored'; entries: { key: string; info: ReadyInfo }[]; stored: StoredUpload; followUntil: number }
  | { type: 'printSizeChosen'; printSize: OrderPrintSize }
  | { type: 'printTypeChosen'; printType: OrderPrintType }
  /** The customer switched sheets: print `auto` with exactly these in color. */
  | { type: 'colorSheetsChosen'; colorSheets: number[] }
  | { type: 'setsChosen'; sets: number }
  | { type: 'halfSetsChosen'; halfSets: number }
  | { type: 'reducedSetsChosen'; reducedSets: number }
  /** Finishing of the full-size (`full`) or the half-size sets. */
  | { type: 'finishingChosen'; sets: 'full' | 'half'; finishing: Finishing }
  | { type: 'refused'; refusal: UploadRefusal }
  /** Print the sheets in the National CAD Standard's order, read from their title blocks. */
  | { type: 'sheetsSorted' }
  /** Back to the order of the files. */
  | { type: 'fileOrderKept' }
  | { type: 'checkoutStarted' };

export const INITIAL_PRINT_SET: PrintSetState = {
  entries: [],
  choices: NO_CHOICES,
  inkChosen: false,
  justUploaded: false,
  goingToCheckout: false,
  refusal: null,
  sheetOrder: null,
};

/** The ready files' answers, in the order shown. */
export function readyInfos(entries: readonly SetEntry[]): ReadyInfo[] {
  return entries.flatMap((e) => (e.stage === 'ready' && e.info ? [e.info] : []));
}

/** The set the card shows: the ready files in the order shown, or null before the first is in. */
export function setOf(entries: readonly SetEntry[]): ConfiguredUpload | null {
  const infos = readyInfos(entries);
  return infos.length > 0 ? combineSet(infos) : null;
}

/** What the detected ink depends on: which files are in, in which order, and whether their report is done. */
function inkKey(entries: readonly SetEntry[]): string {
  const infos = readyInfos(entries);
  return `${infos.map((i) => i.uploadId).join(',')}|${infos.every((i) => i.sheetsComplete)}`;
}

function updateEntry(state: PrintSetState, key: string, change: Partial<SetEntry>): PrintSetState {
  return { ...state, entries: state.entries.map((e) => (e.key === key ? { ...e, ...change } : e)) };
}

/** The entries in a new order (or fewer); sheets the customer chose in color move with their files. */
function reorder(state: PrintSetState, after: SetEntry[]): PrintSetState {
  const was = readyInfos(state.entries);
  const now = readyInfos(after);
  if (was.length === 0 || now.length === 0 || !state.inkChosen) return { ...state, entries: after };
  const colorSheets = movePositions(combineSet(was).files ?? [], combineSet(now).files ?? [], state.choices.colorSheets);
  return { ...state, entries: after, choices: { ...state.choices, colorSheets } };
}

/** Every file gone: the card's choices start over; the last refusal stays on show. */
function removeAll(state: PrintSetState): PrintSetState {
  return { ...state, entries: [], choices: NO_CHOICES, justUploaded: false, goingToCheckout: false };
}

function choose(state: PrintSetState, change: Partial<PrintChoices>): PrintSetState {
  const inkChosen = state.inkChosen || change.printType !== undefined || change.colorSheets !== undefined;
  return { ...state, inkChosen, choices: { ...state.choices, ...change } };
}

function apply(state: PrintSetState, action: PrintSetAction): PrintSetState {
  switch (action.type) {
    case 'filesChosen':
      return { ...state, refusal: null };
    case 'fileAdded':
      return {
        ...state,
        entries: [...state.entries, { key: action.key, fileName: action.fileName, stage: 'uploading', percent: 0, info: null, control: action.control }],
      };
    case 'fileProgress':
      return updateEntry(state, action.key, { percent: action.percent });
    case 'fileSent':
      return updateEntry(state, action.key, { stage: 'processing', percent: 100 });
    case 'fileReady': {
      // A file removed while its analysis was on its way changes nothing.
      if (!state.entries.some((e) => e.key === action.key)) return state;
      // The first file in: the card's choices start from the drawing's own size, one set.
      const first = !state.entries.some((e) => e.stage === 'ready');
      const started = first
        ? { ...state, inkChosen: false, justUploaded: true, choices: { ...NO_CHOICES, printSize: 'asDrawn' as const, printType: 'bw' as const } }
        : state;
      return updateEntry(started, action.key, { stage: 'ready', info: action.info, followUntil: action.followUntil });
    }
    case 'fileUnprintable':
      return updateEntry(state, action.key, { stage: 'unprintable', percent: 100, refused: action.refused, leaveOutError: action.error ?? null });
    case 'leaveOutStarted':
      return updateEntry(state, action.key, { stage: 'processing', leaveOutError: null });
    case 'reportArrived':
      return { ...state, entries: state.entries.map((e) => (e.info?.uploadId === action.info.uploadId ? { ...e, info: action.info } : e)) };
    case 'reportStopped':
      return {
        ...state,
        entries: state.entries.map((e) => (e.info && action.uploadIds.includes(e.info.uploadId) ? { ...e, info: { ...e.info, sheetsComplete: true } } : e)),
      };
    case 'fileRemoved': {
      const after = state.entries.filter((e) => e.key !== action.key);
      return after.length === 0 ? removeAll(state) : reorder(state, after);
    }
    case 'fileMoved': {
      const at = state.entries.findIndex((e) => e.key === action.key);
      const to = at + action.by;
      if (at < 0 || to < 0 || to >= state.entries.length) return state;
      const after = [...state.entries];
      [after[at], after[to]] = [after[to], after[at]];
      return reorder(state, after);
    }
    case 'fileMovedTo': {
      const at = state.entries.findIndex((e) => e.key === action.key);
      if (at < 0 || action.to < 0 || action.to >= state.entries.length || action.to === at) return state;
      const after = state.entries.filter((e) => e.key !== action.key);
      after.splice(action.to, 0, state.entries[at]);
      return reorder(state, after);
    }
    case 'allRemoved':
      return removeAll(state);
    case 'restored': {
      const { stored } = action;
      const entries = action.entries.map(({ key, info }): SetEntry => ({
        key,
        fileName: info.fileName,
        stage: 'ready',
        percent: 100,
        info,
        followUntil: action.followUntil,
      }));
      const set = combineSet(entries.flatMap((e) => (e.info ? [e.info] : [])));
      const ink = stored.printType ? { printType: stored.printType, colorSheets: stored.colorSheets ?? [] } : initialInk(set);
      return {
        ...state,
        entries,
        inkChosen: Boolean(stored.printType),
        choices: {
          printSize: stored.printSize ?? 'asDrawn',
          printType: ink.printType,
          colorSheets: ink.colorSheets.filter((n) => n <= set.pageCount),
          sets: stored.sets ?? 1,
          halfSets: stored.halfSets ?? 0,
          ...(stored.reducedSets ? { reducedSets: stored.reducedSets } : {}),
          ...(stored.finishing ? { finishing: stored.finishing } : {}),
          ...(stored.halfFinishing ? { halfFinishing: stored.halfFinishing } : {}),
        },
      };
    }
    case 'printSizeChosen':
      return choose(state, { printSize: action.printSize });
    case 'printTypeChosen': {
      // Color only where needed starts from the sheets the analysis found in color, if it has.
      const set = setOf(state.entries);
      const detected = set && detectedColorSheets(set);
      const fromDetected = action.printType === 'auto' && state.choices.printType !== 'auto' && detected;
      return choose(state, { printType: action.printType, ...(fromDetected ? { colorSheets: detected } : {}) });
    }
    case 'colorSheetsChosen':
      return choose(state, { printType: 'auto', colorSheets: action.colorSheets });
    case 'setsChosen':
      return choose(state, { sets: action.sets });
    case 'halfSetsChosen':
      return choose(state, { halfSets: action.halfSets });
    case 'reducedSetsChosen':
      return choose(state, { reducedSets: action.reducedSets });
    case 'finishingChosen':
      return choose(state, action.sets === 'full' ? { finishing: action.finishing } : { halfFinishing: action.finishing });
    case 'refused':
      return { ...state, refusal: action.refusal };
    case 'sheetsSorted': {
      // The same rule as `POST /api/uploads/sort`; only once every sheet's number is read.
      const set = setOf(state.entries);
      if (!set?.sheetsComplete || !set.sheets || set.sheets.length !== set.pageCount) return state;
      return { ...state, sheetOrder: sortSheetPositions(set.sheets.map((s) => s.sheetNumber)) };
    }
    case 'fileOrderKept':
      return { ...state, sheetOrder: null };
    case 'checkoutStarted': {
      // Once, and only for a set that is all in and priced.
      const set = setOf(state.entries);
      const ready = set && !state.goingToCheckout && readyInfos(state.entries).length === state.entries.length && priceOf(set, state.choices);
      return ready ? { ...state, goingToCheckout: true } : state;
    }
  }
}

/** The upload screen's reducer: the action, then the detected ink while the customer has not chosen one. */
export function printSetReducer(state: PrintSetState, action: PrintSetAction): PrintSetState {
  const applied = apply(state, action);
  // Positions belong to the files as they were: another file, one fewer or another order starts from file order again.
  const filesOf = (s: PrintSetState) =>
    readyInfos(s.entries)
      .map((i) => `${i.uploadId}:${i.pageCount}`)
      .join(',');
  const next = applied.sheetOrder && filesOf(applied) !== filesOf(state) ? { ...applied, sheetOrder: null } : applied;
  if (next.inkChosen || inkKey(next.entries) === inkKey(state.entries)) return next;
  const set = setOf(next.entries);
  if (!set) return next;
  const ink = initialInk(set);
  return { ...next, choices: { ...next.choices, printType: ink.printType, colorSheets: ink.colorSheets } };
}
