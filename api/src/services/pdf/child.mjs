// The MuPDF process. Plain JavaScript so it starts in a fraction of a second without a TypeScript
// loader; the judging of sheet sizes stays in TypeScript in the parent (analyze.ts).
//
// It reads commands from stdin as JSON lines and answers on file descriptor 3 as JSON lines, so
// MuPDF's own warnings on stdout/stderr can never be mistaken for answers:
//   stdin  {"file": "/tmp/…/original.pdf", "maxPages": 500}
//   fd 3   {"type":"failed","reason":"unreadable"|"encrypted"}
//       or {"type":"sheets","pageCount":n,"sheets":[{"width":w,"height":h},…]}   (points, /Rotate applied)
//   stdin  {"render": 50, "dir": "/tmp/…/previews", "px": 360}   or {"render": 0}
//   fd 3   {"type":"preview","page":1} … then {"type":"done"}
// One process analyses one PDF and exits: a hostile PDF that makes MuPDF loop, leak or exhaust its
// 2 GiB heap poisons only this process, which the parent kills on its time or memory limit.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import * as mupdf from 'mupdf';

const answer = (message) => fs.writeSync(3, `${JSON.stringify(message)}\n`);
const commands = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();

async function nextCommand() {
  const { value, done } = await commands.next();
  if (done) process.exit(0);
  return JSON.parse(value);
}

function finish(message) {
  answer(message);
  process.exit(0);
}

const job = await nextCommand();
let doc;
try {
  doc = mupdf.Document.openDocument(fs.readFileSync(job.file), 'application/pdf');
} catch {
  finish({ type: 'failed', reason: 'unreadable' });
}
const sheets = [];
let pageCount;
try {
  if (doc.needsPassword()) finish({ type: 'failed', reason: 'encrypted' });
  pageCount = doc.countPages();
  if (pageCount <= job.maxPages) {
    for (let i = 0; i < pageCount; i++) {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      page.destroy();
      sheets.push({ width: x1 - x0, height: y1 - y0 });
    }
  }
} catch {
  finish({ type: 'failed', reason: 'unreadable' });
}
answer({ type: 'sheets', pageCount, sheets });

const render = await nextCommand();
try {
  for (let i = 0; i < Math.min(render.render ?? 0, pageCount); i++) {
    const page = doc.loadPage(i);
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = render.px / Math.max(x1 - x0, y1 - y0, 1);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    fs.writeFileSync(path.join(render.dir, `${i + 1}.png`), pixmap.asPNG());
    pixmap.destroy();
    page.destroy();
    answer({ type: 'preview', page: i + 1 });
  }
} catch (error) {
  // A sheet that will not render leaves fewer previews; the verdict stands.
  process.stderr.write(`preview rendering stopped: ${error?.message ?? error}\n`);
}
finish({ type: 'done' });
