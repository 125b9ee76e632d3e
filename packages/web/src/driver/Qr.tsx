import { useMemo } from 'react';
import { encode } from 'uqr';

/** The SVG path of a QR matrix: one unit square per dark module, runs of a row joined. */
export function qrPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return d;
}

/**
 * The QR code of a URL, drawn in the page with its four-module quiet zone (what a scanner needs):
 * the public check of the ticket, to be scanned from the driver's screen.
 */
export function Qr({ text, pixels = 200, testId }: { text: string; pixels?: number; testId?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 0 });
    return { size: qr.size, path: qrPath(qr.data) };
  }, [text]);
  return (
    <svg viewBox={`-4 -4 ${size + 8} ${size + 8}`} width={pixels} height={pixels} shapeRendering="crispEdges" role="img" aria-label={text} data-testid={testId} data-url={text}>
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
