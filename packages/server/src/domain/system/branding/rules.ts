/**
 * Branding's decisions: which images are taken, how big they are kept, who may change whose
 * avatar. No I/O: the routes read and store, these decide.
 */

export type BrandImageKind = 'avatar' | 'logo_main' | 'logo_small';

/** A picture from a phone or a designer's export is well under this; a bigger one is refused before it is decoded. */
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Types a browser shows and sharp decodes; what the file's bytes say, never its name. */
export const BRAND_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Each image is kept at the size it is shown at (twice, for sharp screens), as a PNG (what the
 * PDF engine draws): an avatar cropped square to its centre; a logo fitted whole inside its box,
 * never enlarged.
 */
export const BRAND_IMAGE_BOX: Record<BrandImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  avatar: { width: 256, height: 256, fit: 'cover' },
  logo_main: { width: 640, height: 160, fit: 'inside' },
  logo_small: { width: 128, height: 128, fit: 'inside' },
};

export const BRAND_IMAGE_NAME = /^[a-f0-9]{32}\.png$/;

/** The path's word (main, small) as the kind of logo; null for anything else. */
export function logoKindOf(word: string): 'logo_main' | 'logo_small' | null {
  return word === 'main' ? 'logo_main' : word === 'small' ? 'logo_small' : null;
}

/** Why an upload is not taken as an image, in the user's words; null when it is. */
export function imageRefusal(file: { size: number; detectedType: string | null }): string | null {
  if (file.size === 0) return '图片文件为空';
  if (file.size > BRAND_IMAGE_MAX_BYTES) return `图片不能超过 ${BRAND_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  if (!file.detectedType || !BRAND_IMAGE_TYPES.has(file.detectedType)) return '只能上传图片文件（JPG、PNG、GIF、WEBP）';
  return null;
}

export type AvatarVerdict = 'allowed' | 'notFound' | 'forbidden';

/**
 * Whose avatar a caller may change: their own always; another user's only with 用户管理's edit
 * right, and only a user of the caller's group (anyone else does not exist for them).
 */
export function avatarVerdict(
  caller: { userId: string; groupId: string; canEditUsers: boolean },
  target: { id: string; groupId: string } | null,
): AvatarVerdict {
  if (!target || target.groupId !== caller.groupId) return 'notFound';
  if (target.id === caller.userId) return 'allowed';
  return caller.canEditUsers ? 'allowed' : 'forbidden';
}
