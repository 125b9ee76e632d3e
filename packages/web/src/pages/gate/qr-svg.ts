const SVG = 'http://www.w3.org/2000/svg';

/**
 * The server's QR code (one path in module units) as an <svg> of the print window's document,
 * with the four-module quiet zone a scanner needs around it. Drawn, not an image: nothing to load.
 */
export function qrSvg(doc: Document, qr: { size: number; path: string }, pixels = 240): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `-4 -4 ${qr.size + 8} ${qr.size + 8}`);
  svg.setAttribute('width', String(pixels));
  svg.setAttribute('height', String(pixels));
  svg.setAttribute('shape-rendering', 'crispEdges');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', qr.path);
  path.setAttribute('fill', '#000');
  svg.appendChild(path);
  return svg;
}
