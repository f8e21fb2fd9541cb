// A report thread of the MuPDF process (child.ts): it makes the per-sheet report of the sheets it is
// dealt, so a 500-sheet set is reported on every core instead of one. Each thread has its own MuPDF
// (its own WebAssembly instance) and opens the job's file itself, read where it is.
//   in   {"op":"report","job":1,"file":"/…/original.pdf","pages":[0,2,4],"previews":50,"dir":"/…","px":360}
//   out  {"job":1,"type":"sheet","number":1,"color":false,…,"preview":true} for each page, then {"job":1,"type":"done"}
//   in   {"op":"compare","job":2,"pairs":[{"position":3,"before":{"file":"/…/a.pdf","page":2},"after":{…}}],"dpi":50,"dir":"/…","pixelPath":false}
//   out  {"job":2,"type":"pair","position":3,"changedShare":0,"boxes":[],"overlay":false,"failed":false,"rendered":true}, then {"job":2,"type":"done"}
//   in   {"op":"close","job":1}
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as mupdf from 'mupdf';
import type { SheetReport } from '#shared/sheets';
import { openFile } from './openFile';
import { reportSheet } from './sheetReport';
import { comparePair, overlayPngs, renderGrey, type PairResult, type SheetPair } from './sheetCompare';
import { samePageContent } from './samePage';

/** What the MuPDF process (child.ts) posts to a report thread. */
export type ReporterCommand =
  | { op: 'report'; job: number; file: string; pages: number[]; previews: number; dir: string; px: number }
  | { op: 'compare'; job: number; pairs: SheetPair[]; dpi: number; dir: string; pixelPath: boolean }
  | { op: 'close'; job: number };

/** What a report thread posts back: each sheet dealt, then 'done'. */
export type ReporterMessage =
  ({ job: number; type: 'sheet'; preview: boolean } & SheetReport) | ({ job: number; type: 'pair' } & PairResult) | { job: number; type: 'done' };

/** Started as a worker thread, never imported for its effects. */
const port = parentPort;
if (!port) throw new Error('reporter.ts runs as a worker thread of the MuPDF process (child.ts)');
const post = (message: ReporterMessage) => port.postMessage(message);

/** Open documents by job, then by file (a compare reads two or more files). */
const open = new Map<number, Map<string, mupdf.Document>>();

/** The job's document of `file`, opened on first use. */
function documentOf(job: number, file: string): mupdf.Document {
  let docs = open.get(job);
  if (!docs) open.set(job, (docs = new Map()));
  let doc = docs.get(file);
  if (!doc) docs.set(file, (doc = openFile(file)));
  return doc;
}
/** A sheet that could not be analysed: every field unknown, the verdict stands. */
const UNKNOWN: Omit<SheetReport, 'number'> = {
  color: null,
  colorShare: null,
  blank: null,
  scaleNotes: null,
  lowResolution: null,
  sheetNumber: null,
  sheetTitle: null,
  listedSheets: null,
  printFindings: null,
};

function report(job: Extract<ReporterCommand, { op: 'report' }>): void {
  const doc = documentOf(job.job, job.file);
  for (const i of job.pages) {
    let sheet: Omit<SheetReport, 'number'> = UNKNOWN;
    let preview = false;
    try {
      const page = doc.loadPage(i);
      let made: ReturnType<typeof reportSheet>;
      try {
        made = reportSheet(page, i < job.previews ? job.px : 0);
      } finally {
        page.destroy();
      }
      sheet = made.sheet;
      if (made.preview) {
        fs.writeFileSync(path.join(job.dir, `${i + 1}.png`), made.preview);
        preview = true;
      }
    } catch (error) {
      // A sheet that will not render is reported as unknown; the verdict stands.
      process.stderr.write(`sheet ${i + 1} could not be analysed: ${error instanceof Error ? error.message : error}\n`);
    }
    post({ job: job.job, type: 'sheet', number: i + 1, ...sheet, preview });
  }
}

/**
 * Compares each pair dealt: both sides rendered in grey, the difference measured, and for a changed
 * sheet its overlays written as <position>.png and <position>-large.png in `dir`. Pages written the
 * same are unchanged without a render, unless the command asks for the pixel path (the bench).
 */
function compare(job: Extract<ReporterCommand, { op: 'compare' }>): void {
  for (const pair of job.pairs) {
    let result: PairResult = { position: pair.position, changedShare: 0, boxes: [], overlay: false, failed: true, rendered: false };
    try {
      const docBefore = documentOf(job.job, pair.before.file);
      const docAfter = documentOf(job.job, pair.after.file);
      // Written the same (an unchanged sheet its producer wrote again byte for byte): the same pixels.
      if (!job.pixelPath && samePageContent(docBefore, pair.before.page, docAfter, pair.after.page)) {
        post({ job: job.job, type: 'pair', position: pair.position, changedShare: 0, boxes: [], overlay: false, failed: false, rendered: false });
        continue;
      }
      const before = renderGrey(docBefore, pair.before.page, job.dpi);
      const after = renderGrey(docAfter, pair.after.page, job.dpi);
      const { diff, changedShare, boxes } = comparePair(before, after, job.dpi);
      const changed = boxes.length > 0;
      if (changed) {
        const { preview, large } = overlayPngs(before, after, diff);
        fs.writeFileSync(path.join(job.dir, `${pair.position}.png`), preview);
        fs.writeFileSync(path.join(job.dir, `${pair.position}-large.png`), large);
      }
      result = { position: pair.position, changedShare, boxes, overlay: changed, failed: false, rendered: true };
    } catch (error) {
      process.stderr.write(`sheet ${pair.position} could not be compared: ${error instanceof Error ? error.message : error}\n`);
    }
    post({ job: job.job, type: 'pair', ...result });
  }
}

/**
 * While the thread waits, it reports two made-up sheets of linework and text a few times, one black
 * and one with red markup, so the code reporting runs (linework.ts in JavaScript, MuPDF in
 * WebAssembly) is optimised before a customer's set arrives.
 */
function warmUp(): void {
  try {
    const made = new mupdf.PDFDocument();
    // The operators drawing sets are written with, in the color spaces they use.
    let linework = 'q 1 0 0 -1 0 1728 cm 0.5 w 0 G 36 36 2520 1656 re S\n';
    for (let i = 0; i < 1500; i++) {
      const x = 100 + (i % 1900);
      const y = 300 + (i % 700);
      linework += [
        `${x}.25 ${y} m ${x + 100}.5 ${y + 7} l ${x} ${y + 20.125} l S`,
        `/DeviceRGB CS 0 0 0 SCN ${x} ${y} m ${x + 10} ${y + 30} ${x + 20} ${y + 30} ${x + 30} ${y} c S`,
        `0.2 g ${x} ${y} 12.5 8 re f`,
        `q 0 0 0 1 K ${x} ${y} m ${x - 50} ${y} l h S Q`,
      ][i % 4];
      linework += '\n';
    }
    const text = 'Q BT /F1 24 Tf 72 72 Td (SCALE: 1/4" = 1\'-0") Tj ET';
    const resources = made.addObject({ Font: { F1: made.addSimpleFont(new mupdf.Font('Helvetica')) } });
    made.insertPage(-1, made.addPage([0, 0, 2592, 1728], 0, resources, linework + text));
    made.insertPage(-1, made.addPage([0, 0, 2592, 1728], 0, resources, `${linework}1 0 0 RG 100 100 m 200 200 l S ${text}`));
    const saved = made.saveToBuffer('');
    made.destroy();
    const doc = mupdf.Document.openDocument(saved, 'application/pdf');
    saved.destroy();
    for (let round = 0; round < 24; round++) {
      const page = doc.loadPage(round % 2);
      reportSheet(page, round % 8 === 0 ? 360 : 0);
      page.destroy();
    }
    doc.destroy();
  } catch {
    // Only a warm-up.
  }
}
warmUp();

port.on('message', (command: ReporterCommand) => {
  if (command.op === 'report') {
    try {
      report(command);
    } catch (error) {
      // The file would not open here although it opened for the verdict: report these sheets as unknown.
      process.stderr.write(`report failed: ${error instanceof Error ? error.message : error}\n`);
      for (const i of command.pages) post({ job: command.job, type: 'sheet', number: i + 1, ...UNKNOWN, preview: false });
    }
    post({ job: command.job, type: 'done' });
  } else if (command.op === 'compare') {
    compare(command);
    post({ job: command.job, type: 'done' });
  } else if (command.op === 'close') {
    for (const doc of open.get(command.job)?.values() ?? []) doc.destroy();
    open.delete(command.job);
  }
});
