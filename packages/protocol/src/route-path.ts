/** The current-route header sends the path with numeric segments replaced by id (spec section 7). */
export function normaliseRoutePath(path: string): string {
  return path
    .split('?')[0]
    .split('/')
    .map((seg) => (/^\d+$/.test(seg) ? 'id' : seg))
    .join('/');
}

/** Screen-size class of the layout: >=1200 -> 3, >=992 -> 2, >=768 -> 1, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** Short form of the version code shown in a collapsed sidebar: the part before the first hyphen. */
export function shortVersion(version: string): string {
  const i = version.indexOf('-');
  return i < 0 ? version : version.slice(0, i);
}
