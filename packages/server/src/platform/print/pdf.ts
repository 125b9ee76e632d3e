import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The platform's PDF engine: pdfkit with Noto Sans SC (SIL OFL 1.1) from its npm package, so a
 * fresh machine needs no system fonts; pdfkit embeds only the glyphs a document uses (a subset),
 * which keeps the file small. The printed ticket and every statement (print/document.ts) use it.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** read once per process: each is ~10 MB, and every PDF subsets from the same bytes */
function fontBytes(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) };
  return fonts;
}

type Doc = PDFKit.PDFDocument;

/**
 * A PDF document with the embedded Chinese fonts registered ('regular', 'bold') and its bytes
 * gathered: draw on `doc`, call `doc.end()`, then await `bytes`. The ticket and the customer's
 * statement are both made this way.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ margin: 0, ...options, info: { Creator: '统一称重管控平台', ...options.info } });
  const { regular, bold } = fontBytes();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
