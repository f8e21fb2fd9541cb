// Types of linework.mjs for the tests that call it straight.
export function lineworkOf(
  bytes: Uint8Array,
  options: {
    ctm: number[];
    sheet: number[];
    extGState: (name: string) => { fillAlpha?: number; strokeAlpha?: number } | null;
    colourSpace?: (name: string) => 'Gray' | 'RGB' | 'CMYK' | null;
  },
): { content: Uint8Array; ink: boolean } | null;
