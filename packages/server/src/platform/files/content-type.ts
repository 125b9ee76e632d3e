import { fileTypeFromBuffer } from 'file-type';

/** The type a file really is, from its magic bytes; null when they match no known type. */
export async function detectContentType(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found?.mime ?? null;
}
