/**
 * A drawing set of several files as the configuration card sees it: the ready files in the order
 * shown, their sheets numbered through the set (`position` 1..N), and the set's preflight computed
 * with the same rule the server puts on the order (shared/sheetNumbers.ts).
 */
import { setName } from '#shared/orderText';
import { drawingIndexOf, sheetWarnings } from '#shared/sheetNumbers';
import type { DetectedSize } from '#shared/sheets';
import type { UploadInfo } from '#shared/upload';
import type { ConfiguredUpload, SetFile } from './printSet';

/** A ready upload: analysed, with a sheet count and a paper. */
export type ReadyInfo = UploadInfo & { pageCount: number; detectedSize: DetectedSize };

export function isReady(info: UploadInfo): info is ReadyInfo {
  return info.status === 'ready' && info.pageCount !== null && info.pageCount > 0 && info.detectedSize !== null;
}

/** The card's view of the ready files, in this order, as one set. */
export function combineSet(infos: readonly ReadyInfo[]): ConfiguredUpload {
  const files: SetFile[] = [];
  let next = 1;
  for (const info of infos) {
    files.push({ uploadId: info.uploadId, fileName: info.fileName, fileSize: info.fileSize, pageCount: info.pageCount, firstPosition: next });
    next += info.pageCount;
  }
  const sheets = infos.flatMap((info, i) => info.sheets.map((sheet) => ({ ...sheet, number: files[i].firstPosition + sheet.number - 1 })));
  const papers = new Set(infos.map((i) => i.detectedSize));
  const detectedSize: DetectedSize = papers.size === 1 ? infos[0].detectedSize : 'mixed';
  const sheetsComplete = infos.every((i) => i.sheetsComplete);
  // The rule is the server's: one file's own warnings are the same list; several files are checked as one set.
  // The set's index is whichever file's index sheet is titled as one, or lists most (the server's rule).
  const index = drawingIndexOf(
    infos.map((info, i) => {
      const page = info.listedOn ?? 1;
      return { position: files[i].firstPosition + page - 1, sheetTitle: info.sheets[page - 1]?.sheetTitle ?? null, listedSheets: info.listedSheets };
    }),
  );
  const warnings = sheetsComplete
    ? sheetWarnings(
        sheets.map((s) => ({ position: s.number, sheetNumber: s.sheetNumber })),
        index?.listed ?? [],
        index?.position,
      )
    : [];
  return {
    uploadId: files[0]?.uploadId ?? '',
    fileName: files.length > 0 ? setName(files) : '',
    fileSize: files.reduce((sum, f) => sum + f.fileSize, 0),
    pageCount: next - 1,
    detectedSize,
    sheets: sheets.length === next - 1 ? sheets : null,
    sheetsComplete,
    warnings,
    files,
  };
}

/**
 * The same sheets' positions after the files moved or one went: a position is a sheet of a file, so
 * it follows its file; sheets of a removed file drop out.
 */
export function movePositions(before: readonly SetFile[], after: readonly SetFile[], positions: readonly number[]): number[] {
  const moved: number[] = [];
  for (const position of positions) {
    const from = before.find((f) => position >= f.firstPosition && position < f.firstPosition + f.pageCount);
    const to = from && after.find((f) => f.uploadId === from.uploadId);
    if (from && to) moved.push(to.firstPosition + position - from.firstPosition);
  }
  return moved.sort((a, b) => a - b);
}
