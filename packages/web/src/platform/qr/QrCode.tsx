/**
 * A QR code the server drew as one SVG path in module units (protocol ticket-print.ts `check.qr`),
 * shown at any size with its quiet zone: the page needs no QR library, and the page and the PDF
 * print the same code.
 */
export function QrCode({ qr, sizeMm, title, testId }: { qr: { size: number; path: string }; sizeMm: number; title?: string; testId?: string }) {
  const box = qr.size + 4;
  return (
    <svg viewBox={`-2 -2 ${box} ${box}`} width={`${sizeMm}mm`} height={`${sizeMm}mm`} shapeRendering="crispEdges" role="img" aria-label={title} data-testid={testId}>
      <rect x={-2} y={-2} width={box} height={box} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
