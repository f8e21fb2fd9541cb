/** Drawing sets for revision tests: titled sheets of floor-plan linework, and lines to add to them. */
import type { TitledSheet } from './pdf';

type Doc = Parameters<NonNullable<TitledSheet['draw']>>[0];

/** A sheet of linework like a floor plan (walls, a grid, a note), optionally moved by `shift` points and with `extra` drawn on it. */
export function planSheet(number: string, extra?: (doc: Doc) => void, shift = 0): TitledSheet {
  return {
    number,
    title: 'FLOOR PLAN',
    draw: (doc) => {
      doc.save().translate(shift, shift);
      doc.lineWidth(1.5);
      for (let i = 0; i < 12; i++) doc.rect(200 + i * 150, 300, 120, 900).stroke('#000000');
      doc.lineWidth(0.5);
      for (let i = 0; i < 40; i++)
        doc
          .moveTo(180, 250 + i * 25)
          .lineTo(2100, 250 + i * 25)
          .stroke('#444444');
      doc.fontSize(10).fillColor('#000000').text(`VERIFY ALL DIMENSIONS IN FIELD (${number})`, 300, 1300, { lineBreak: false });
      doc.restore();
      extra?.(doc);
    },
  };
}

/** A horizontal 0.5 pt line 1" long from (x, y), in points from the sheet's top-left corner. */
export const inchLine = (x: number, y: number) => (doc: Doc) =>
  doc
    .lineWidth(0.5)
    .moveTo(x, y)
    .lineTo(x + 72, y)
    .stroke('#000000');
