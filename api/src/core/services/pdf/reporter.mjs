// A report thread of the MuPDF process (child.mjs): it makes the per-sheet report of the sheets it is
// dealt, so a 500-sheet set is reported on every core instead of one. Each thread has its own MuPDF
// (its own WebAssembly instance) and opens the job's file itself, read where it is.
//   in   {"op":"report","job":1,"file":"/…/original.pdf","pages":[0,2,4],"previews":50,"dir":"/…","px":360}
//   out  {"job":1,"type":"sheet","number":1,"color":false,…,"preview":true} for each page, then {"job":1,"type":"done"}
//   in   {"op":"close","job":1}
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as mupdf from 'mupdf';
import { openFile } from './openFile.mjs';
import { reportSheet } from './sheetReport.mjs';

/** Open documents by job. */
const open = new Map();
/** A sheet that could not be analysed: every field unknown, the verdict stands. */
const UNKNOWN = { color: null, blank: null, scaleNotes: null, lowResolution: null };

function report(job) {
  let doc = open.get(job.job);
  if (!doc) {
    doc = openFile(job.file);
    open.set(job.job, doc);
  }
  for (const i of job.pages) {
    let sheet = UNKNOWN;
    let preview = false;
    try {
      const page = doc.loadPage(i);
      const made = reportSheet(page, i < job.previews ? job.px : 0);
      page.destroy();
      sheet = made.sheet;
      if (made.preview) {
        fs.writeFileSync(path.join(job.dir, `${i + 1}.png`), made.preview);
        preview = true;
      }
    } catch (error) {
      // A sheet that will not render is reported as unknown; the verdict stands.
      process.stderr.write(`sheet ${i + 1} could not be analysed: ${error?.message ?? error}\n`);
    }
    parentPort.postMessage({ job: job.job, type: 'sheet', number: i + 1, ...sheet, preview });
  }
}

/**
 * While the thread waits, it reports a made-up sheet of linework, text and colour a few times, so the
 * WebAssembly code reporting runs is optimised before a customer's set arrives.
 */
function warmUp() {
  try {
    const made = new mupdf.PDFDocument();
    let ops = 'q 0.5 w 1 0 0 RG 100 100 m 200 200 l S 0 G\n';
    for (let i = 0; i < 400; i++) ops += `${100 + i} 300 m ${200 + i} ${400 + (i % 7)} l S\n`;
    ops += 'Q BT /F1 24 Tf 72 72 Td (SCALE: 1/4" = 1\'-0") Tj ET';
    const resources = made.addObject({ Font: { F1: made.addSimpleFont(new mupdf.Font('Helvetica')) } });
    made.insertPage(-1, made.addPage([0, 0, 2592, 1728], 0, resources, ops));
    const doc = mupdf.Document.openDocument(made.saveToBuffer(''), 'application/pdf');
    for (let round = 0; round < 20; round++) {
      const page = doc.loadPage(0);
      reportSheet(page, round % 4 === 0 ? 360 : 0);
      page.destroy();
    }
    doc.destroy();
  } catch {
    // Only a warm-up.
  }
}
warmUp();

parentPort.on('message', (command) => {
  if (command.op === 'report') {
    try {
      report(command);
    } catch (error) {
      // The file would not open here although it opened for the verdict: report these sheets as unknown.
      process.stderr.write(`report failed: ${error?.message ?? error}\n`);
      for (const i of command.pages) parentPort.postMessage({ job: command.job, type: 'sheet', number: i + 1, ...UNKNOWN, preview: false });
    }
    parentPort.postMessage({ job: command.job, type: 'done' });
  } else if (command.op === 'close') {
    open.get(command.job)?.destroy();
    open.delete(command.job);
  }
});
