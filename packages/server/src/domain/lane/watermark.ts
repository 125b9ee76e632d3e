import sharp from 'sharp';

export interface WatermarkText { plate: string; weight: string; at: Date; station: string; ticketNo: string }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Beijing time, as the plant reads its tickets: 2026-11-25 20:31:05. */
export function plantTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * The camera's picture as evidence: a dark band along its foot with the plate, the weight, the
 * time and the station (and the ticket), burnt into the pixels as a JPEG, so the picture kept with
 * the ticket cannot be shown without them. sharp draws the band as SVG text (librsvg with the
 * system's fonts: the plate's Chinese character needs a CJK font, which the server's image has).
 * A picture sharp cannot read is refused (the caller names the field).
 */
export async function watermark(picture: Buffer, t: WatermarkText): Promise<Buffer> {
  const image = sharp(picture, { failOn: 'error' });
  const meta = await image.metadata();
  const width = Math.max(meta.width ?? 0, 320);
  const height = Math.max(meta.height ?? 0, 120);
  const size = Math.max(14, Math.round(width / 40));
  const band = size * 3;
  const lines = [`${t.plate}  ${t.weight}  ${t.ticketNo}`, `${plantTime(t.at)}  ${t.station}`];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}">
<rect width="100%" height="100%" fill="black" fill-opacity="0.55"/>
${lines.map((l, i) => `<text x="${size / 2}" y="${size * (1.2 + i * 1.3)}" font-family="Noto Sans CJK SC, Noto Serif CJK SC, sans-serif" font-size="${size}" fill="white">${escape(l)}</text>`).join('\n')}
</svg>`;
  return image
    .resize({ width, height, fit: 'contain', background: '#000' })
    .composite([{ input: Buffer.from(svg), gravity: 'south' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
