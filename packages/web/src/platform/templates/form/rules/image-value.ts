/** An IMG_VIEW value: one file id, or several joined by commas; empty is null. */
export function imageIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (value === null || value === undefined || value === '') return [];
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}

export function imageValue(ids: string[]): string | null {
  return ids.length ? ids.join(',') : null;
}
