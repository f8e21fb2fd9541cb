/**
 * Which layers (optional content groups) of a PDF are shown is said once, in its catalog, not on
 * its pages: a page copied into another document without it shows every layer, the hidden ones too
 * (a CAD export's non-plotting layer, a viewport's frame), so what prints is not what the customer
 * saw. Whatever copies pages of the customer's files into a new PDF (the print files, a reprint's
 * printed sheets) carries the layers with them.
 */
import type * as mupdf from 'mupdf';

/** A document pages were copied from, and the graft map they were copied with. */
export type CopiedFrom = { doc: mupdf.PDFDocument; graft: mupdf.PDFGraftMap };

/** The object numbers an array of the layer configuration names (ON, OFF). */
function numbersOf(list: mupdf.PDFObject): Set<number> {
  const numbers = new Set<number>();
  if (list.isArray()) for (let i = 0; i < list.length; i++) if (list.get(i).isIndirect()) numbers.add(list.get(i).asIndirect());
  return numbers;
}

/**
 * Gives `out` the layers of the documents its pages were copied from, each hidden where it was
 * hidden by default there. Through each document's own graft map, so they are the very objects
 * the copied pages name. Nothing when none of them has layers.
 */
export function carryLayers(out: mupdf.PDFDocument, copied: readonly CopiedFrom[]): void {
  const groups = out.newArray();
  const hidden = out.newArray();
  for (const { doc, graft } of copied) {
    const props = doc.getTrailer().get('Root').get('OCProperties');
    if (!props.isDictionary()) continue;
    const list = props.get('OCGs');
    if (!list.isArray()) continue;
    const config = props.get('D');
    const base = config.isDictionary() ? config.get('BaseState') : null;
    const offUnlessOn = base !== null && base.isName() && base.asName() === 'OFF';
    const on = config.isDictionary() ? numbersOf(config.get('ON')) : new Set<number>();
    const off = config.isDictionary() ? numbersOf(config.get('OFF')) : new Set<number>();
    for (let i = 0; i < list.length; i++) {
      const group = list.get(i);
      if (!group.isIndirect()) continue;
      const number = group.asIndirect();
      const mapped = graft.graftObject(group);
      groups.push(mapped);
      if (offUnlessOn ? !on.has(number) : off.has(number)) hidden.push(mapped);
    }
  }
  if (groups.length === 0) return;
  const config = out.newDictionary();
  config.put('OFF', hidden);
  const props = out.newDictionary();
  props.put('OCGs', groups);
  props.put('D', config);
  out.getTrailer().get('Root').put('OCProperties', props);
}
