import QRCode from 'qrcode';

/**
 * The QR code of a text as one SVG path in module units (a size x size square): the browser draws
 * it as an <svg>, the PDF as a path, so no image is made or stored (the ticket's check link, the
 * gate's registry and pass codes).
 */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.data[y * modules.size + x]) parts.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join('') };
}
