import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/**
 * The text a page of our PDFs draws, read back for the tests: each text object's glyph codes
 * (pdfkit writes 2-byte glyph ids in TJ arrays) mapped to characters through its font's ToUnicode
 * map (pdfkit writes bfrange arrays). Enough for the PDFs this project makes, not a general reader.
 */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const start = parseInt(range[1], 16);
    [...range[3].matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => {
      const hex = u[1];
      let text = '';
      for (let j = 0; j < hex.length; j += 4) text += String.fromCharCode(parseInt(hex.slice(j, j + 4), 16));
      map.set(start + i, text);
    });
  }
  return map;
}

const streamText = (pdf: PDFDocument, ref: unknown): string => {
  const s = pdf.context.lookup(ref as PDFRef) as PDFRawStream;
  const filtered = s.dict.get(PDFName.of('Filter'));
  return (filtered ? inflateSync(Buffer.from(s.contents)) : Buffer.from(s.contents)).toString('latin1');
};

/** The page's text objects in drawing order, each as one string. */
export async function pageTexts(bytes: Uint8Array, index = 0): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(index);
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<number, string>>();
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = pdf.context.lookup(ref as PDFRef, PDFDict);
    maps.set(name.toString(), unicodeMap(streamText(pdf, font.get(PDFName.of('ToUnicode')))));
  }
  const content = streamText(pdf, page.node.get(PDFName.of('Contents')));
  const texts: string[] = [];
  for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
    const font = /(\/\w+)\s+[\d.]+\s+Tf/.exec(block[1])?.[1] ?? '';
    const map = maps.get(font) ?? new Map<number, string>();
    let text = '';
    for (const hex of block[1].matchAll(/<([0-9a-f]+)>/gi)) {
      for (let j = 0; j < hex[1].length; j += 4) text += map.get(parseInt(hex[1].slice(j, j + 4), 16)) ?? '?';
    }
    texts.push(text);
  }
  return texts;
}
