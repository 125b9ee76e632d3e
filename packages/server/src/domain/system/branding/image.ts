import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../../../platform/http/errors';
import { BRAND_IMAGE_BOX, type BrandImageKind } from './rules';

/**
 * The picture as it is kept: decoded by sharp (a file that only looks like an image is refused
 * here), turned upright by its EXIF orientation, cut or fitted to its kind's box and written as
 * PNG, so what is served and printed is small, of one type and free of the camera's metadata.
 */
export async function normaliseImage(bytes: Buffer, kind: BrandImageKind): Promise<Buffer> {
  const box = BRAND_IMAGE_BOX[kind];
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit, position: 'centre', withoutEnlargement: box.fit === 'inside' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw badRequest('图片无法读取，请换一张图片', 'file');
  }
}

/** A name that says nothing of whose image it is: 32 random hex digits. */
export const newImageName = (): string => `${randomBytes(16).toString('hex')}.png`;
