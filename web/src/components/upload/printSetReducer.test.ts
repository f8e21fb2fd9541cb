import { describe, expect, it } from 'vitest';
import type { UploadInfo, UploadSheet } from '#shared/upload';
import { INITIAL_PRINT_SET, printSetReducer, setOf, type PrintSetAction, type PrintSetState } from './printSetReducer';
import type { ReadyInfo } from './uploadSet';
import { priceOf } from './printSet';

const sheet = (number: number, color: boolean | null): UploadSheet => ({
  number,
  widthIn: 36,
  heightIn: 24,
  paper: '24x36',
  sizeName: null,
  color,
  colorShare: color ? 0.5 : 0,
  blank: false,
  scaleNotes: [],
  lowResolution: false,
  previewUrl: null,
  sheetNumber: null,
  sheetTitle: null,
  printNotes: null,
});

/** A ready file whose report says these sheets' colors (null: not judged yet). */
function ready(id: string, colors: (boolean | null)[], sheetsComplete = true): ReadyInfo {
  const info: UploadInfo = {
    uploadId: id,
    status: 'ready',
    fileName: `${id}.pdf`,
    fileSize: 100,
    pageCount: colors.length,
    detectedSize: '24x36',
    actualSize: null,
    message: null,
    sheets: colors.map((c, i) => sheet(i + 1, c)),
    colorSheetCount: colors.filter(Boolean).length,
    warnings: [],
    listedSheets: [],
    sheetsComplete,
  };
  return info as ReadyInfo;
}

const run = (actions: PrintSetAction[], from: PrintSetState = INITIAL_PRINT_SET) => actions.reduce(printSetReducer, from);
const added = (key: string): PrintSetAction => ({ type: 'fileAdded', key, fileName: `${key}.pdf`, control: new AbortController() });
const inSet = (key: string, info: ReadyInfo): PrintSetAction[] => [added(key), { type: 'fileSent', key }, { type: 'fileReady', key, info, followUntil: 0 }];

describe('printSetReducer', () => {
  it('starts the first file at its own size, one set, B&W while color is not judged', () => {
    const state = run([added('a'), { type: 'fileProgress', key: 'a', percent: 40 }]);
    expect(state.entries[0]).toMatchObject({ stage: 'uploading', percent: 40 });
    const done = run(inSet('a', ready('a', [null, null], false)).slice(1), state);
    expect(done.justUploaded).toBe(true);
    expect(done.choices).toEqual({ printSize: 'asDrawn', printType: 'bw', sets: 1, halfSets: 0, colorSheets: [] });
  });

  it('follows the color the report finds until the customer chooses, then keeps the choice', () => {
    const waiting = run(inSet('a', ready('a', [null, null, null], false)));
    const found = run([{ type: 'reportArrived', info: ready('a', [true, false, true]) }], waiting);
    expect(found.choices).toMatchObject({ printType: 'auto', colorSheets: [1, 3] });

    const chosen = run([{ type: 'printTypeChosen', printType: 'bw' }], waiting);
    const later = run([{ type: 'reportArrived', info: ready('a', [true, true, true]) }], chosen);
    expect(later.inkChosen).toBe(true);
    expect(later.choices.printType).toBe('bw');
  });

  it('prints all color when every sheet is, and stops waiting for a report that will not come', () => {
    expect(run(inSet('a', ready('a', [true, true]))).choices.printType).toBe('color');
    const stopped = run([{ type: 'reportStopped', uploadIds: ['a'] }], run(inSet('a', ready('a', [null], false))));
    expect(setOf(stopped.entries)?.sheetsComplete).toBe(true);
  });

  it('starts color only where needed from the detected sheets, and switching a sheet chooses auto', () => {
    const state = run([...inSet('a', ready('a', [true, false, false])), { type: 'printTypeChosen', printType: 'bw' }]);
    expect(run([{ type: 'printTypeChosen', printType: 'auto' }], state).choices.colorSheets).toEqual([1]);
    expect(run([{ type: 'colorSheetsChosen', colorSheets: [2] }], state).choices).toMatchObject({ printType: 'auto', colorSheets: [2] });
  });

  it('moves chosen color sheets with their file, and drops a removed file’s', () => {
    const state = run([
      ...inSet('a', ready('a', [false, false])),
      ...inSet('b', ready('b', [false])),
      { type: 'colorSheetsChosen', colorSheets: [2, 3] },
      { type: 'fileMoved', key: 'b', by: -1 },
    ]);
    expect(state.entries.map((e) => e.key)).toEqual(['b', 'a']);
    expect(state.choices.colorSheets).toEqual([1, 3]);
    expect(run([{ type: 'fileRemoved', key: 'b' }], state).choices.colorSheets).toEqual([2]);
    expect(run([{ type: 'fileMoved', key: 'b', by: -1 }], state)).toBe(state);
  });

  it('puts a dragged file where it was dropped, its chosen color sheets with it', () => {
    const state = run([
      ...inSet('a', ready('a', [false])),
      ...inSet('b', ready('b', [false])),
      ...inSet('c', ready('c', [false])),
      { type: 'colorSheetsChosen', colorSheets: [3] },
      { type: 'fileMovedTo', key: 'c', to: 0 },
    ]);
    expect(state.entries.map((e) => e.key)).toEqual(['c', 'a', 'b']);
    expect(state.choices.colorSheets).toEqual([1]);
    expect(run([{ type: 'fileMovedTo', key: 'c', to: 0 }], state)).toBe(state);
  });

  it('starts over when the last file goes, keeping the refusal on show', () => {
    const refusal = { title: 'Upload failed', message: 'No.' };
    const state = run([...inSet('a', ready('a', [false])), { type: 'setsChosen', sets: 3 }, { type: 'refused', refusal }, { type: 'fileRemoved', key: 'a' }]);
    expect(state).toEqual({ ...INITIAL_PRINT_SET, refusal });
    expect(run([{ type: 'filesChosen' }], state).refusal).toBeNull();
  });

  it('ignores a file that is ready after it was removed', () => {
    const state = run([added('a'), { type: 'fileRemoved', key: 'a' }, { type: 'fileReady', key: 'a', info: ready('a', [false]), followUntil: 0 }]);
    expect(state).toEqual(INITIAL_PRINT_SET);
  });

  it('goes to checkout once, and only when every file is in and priced', () => {
    const pending = run([...inSet('a', ready('a', [false])), added('b'), { type: 'checkoutStarted' }]);
    expect(pending.goingToCheckout).toBe(false);
    const ready1 = run([{ type: 'fileRemoved', key: 'b' }, { type: 'checkoutStarted' }], pending);
    expect(ready1.goingToCheckout).toBe(true);
    expect(run([{ type: 'checkoutStarted' }], ready1)).toBe(ready1);
    expect(run([{ type: 'halfSetsChosen', halfSets: 0 }, { type: 'setsChosen', sets: 0 }, { type: 'checkoutStarted' }], pending).goingToCheckout).toBe(false);
  });

  it('sorts the set by discipline once its numbers are read, and any change of the files keeps file order again', () => {
    const numbered = (id: string, numbers: string[], complete = true): ReadyInfo => {
      const info = ready(
        id,
        numbers.map(() => false),
        complete,
      );
      return { ...info, sheets: info.sheets.map((s, i) => ({ ...s, sheetNumber: numbers[i] })) };
    };
    const reading = run(inSet('a', numbered('a', ['A-101', 'G-001'], false)));
    expect(run([{ type: 'sheetsSorted' }], reading).sheetOrder).toBeNull();
    const state = run([...inSet('a', numbered('a', ['A-101', 'G-001'])), ...inSet('b', numbered('b', ['S-101'])), { type: 'sheetsSorted' }]);
    expect(state.sheetOrder).toEqual([2, 3, 1]);
    expect(run([{ type: 'fileOrderKept' }], state).sheetOrder).toBeNull();
    expect(run([{ type: 'setsChosen', sets: 2 }], state).sheetOrder).toEqual([2, 3, 1]);
    expect(run([{ type: 'fileMoved', key: 'b', by: -1 }], state).sheetOrder).toBeNull();
    expect(run([{ type: 'fileRemoved', key: 'b' }], state).sheetOrder).toBeNull();
  });

  it('prices reduced sets and finishing chosen on the card, as the server does', () => {
    const state = run([
      ...inSet('a', ready('a', [false, false])),
      { type: 'reducedSetsChosen', reducedSets: 1 },
      { type: 'finishingChosen', sets: 'full', finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 } },
    ]);
    expect(state.choices).toMatchObject({ reducedSets: 1, finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 } });
    const set = setOf(state.entries);
    const price = set && priceOf(set, state.choices);
    expect(price?.lines.map((l) => [l.description, l.quantity])).toEqual([
      ['24" x 36" black and white', 2],
      ['11" x 17" reduced black and white', 2],
      ['Folding to 9" x 12", title block out (full-size sets)', 2],
      ['Staple binding, left edge (full-size sets)', 1],
    ]);
    expect(price?.subtotalCents).toBe(2 * 599 + 2 * 99 + 2 * 50 + 200);
  });

  it('restores the stored choices, keeping only color sheets the set still has', () => {
    const state = run([
      {
        type: 'restored',
        entries: [{ key: 'f0', info: ready('a', [true, false]) }],
        stored: { uploadId: 'a', name: 'a.pdf', pageCount: 2, size: 100, printSize: '30x42', printType: 'auto', totalAmount: 10, sets: 2, colorSheets: [2, 5] },
        followUntil: 0,
      },
    ]);
    expect(state.inkChosen).toBe(true);
    expect(state.justUploaded).toBe(false);
    expect(state.choices).toEqual({ printSize: '30x42', printType: 'auto', sets: 2, halfSets: 0, colorSheets: [2] });
    const finishing = { fold: 'title_out', bind: 'screw_post', holes: 0 } as const;
    const again = run([
      {
        type: 'restored',
        entries: [{ key: 'f0', info: ready('a', [false, false]) }],
        stored: { uploadId: 'a', name: 'a.pdf', pageCount: 2, size: 100, printSize: 'asDrawn', printType: 'bw', totalAmount: 10, reducedSets: 2, finishing },
        followUntil: 0,
      },
    ]);
    expect(again.choices).toMatchObject({ reducedSets: 2, finishing });
  });

  it('keeps a file refused only for unprintable sheets in its place, and puts the file without them there', () => {
    const refused: UploadInfo = {
      ...ready('b', [false, false, false]),
      status: 'rejected',
      detectedSize: null,
      message: 'Sheet 2 is 8.5" x 11" (Letter), smaller than the smallest sheet we print, 17" x 22".',
      sheets: [],
      unprintableSheets: [{ page: 2, size: '8.5" x 11"', sizeName: 'Letter', reason: 'smaller than the smallest sheet we print, 17" x 22"' }],
    };
    const offered = run([
      ...inSet('a', ready('a', [false])),
      added('b'),
      { type: 'fileSent', key: 'b' },
      { type: 'fileUnprintable', key: 'b', refused },
      ...inSet('c', ready('c', [false])),
    ]);
    expect(offered.entries.map((e) => [e.key, e.stage])).toEqual([
      ['a', 'ready'],
      ['b', 'unprintable'],
      ['c', 'ready'],
    ]);
    // Not in the set while it cannot be printed, and no checkout with it in the list.
    expect(setOf(offered.entries)?.pageCount).toBe(2);
    expect(run([{ type: 'checkoutStarted' }], offered).goingToCheckout).toBe(false);

    const failed = run(
      [
        { type: 'leaveOutStarted', key: 'b' },
        { type: 'fileUnprintable', key: 'b', refused, error: 'Try again.' },
      ],
      offered,
    );
    expect(failed.entries[1]).toMatchObject({ stage: 'unprintable', leaveOutError: 'Try again.' });

    const without = { ...ready('b2', [false, false]), fileName: 'b.pdf', leftOut: refused.unprintableSheets };
    const replaced = run(
      [
        { type: 'leaveOutStarted', key: 'b' },
        { type: 'fileReady', key: 'b', info: without, followUntil: 0 },
      ],
      offered,
    );
    expect(replaced.entries.map((e) => e.info?.uploadId)).toEqual(['a', 'b2', 'c']);
    const set = setOf(replaced.entries);
    expect(set?.pageCount).toBe(4);
    expect(set?.files?.map((f) => [f.uploadId, f.firstPosition])).toEqual([
      ['a', 1],
      ['b2', 2],
      ['c', 4],
    ]);
    expect(run([{ type: 'checkoutStarted' }], replaced).goingToCheckout).toBe(true);
  });
});
