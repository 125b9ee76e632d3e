/** Which greeting fits the hour: before noon, before 18:00, or evening. */
export function dayPart(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
