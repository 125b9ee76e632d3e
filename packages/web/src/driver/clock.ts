/**
 * The plant's clock on the driver's page: an instant the server sends (ISO with its zone) shown on
 * the plant's wall clock (PLANT_TIME_ZONE, from the public client config), whatever zone the phone
 * is set to. Texts without a zone (the e-ticket's times, a booking's day) are the plant's already
 * and are shown as sent. Intl instead of dayjs and its zone plugins: a few bytes instead of 10 kB.
 */

let plantZone = 'Asia/Shanghai';

export function setPlantZone(zone: string | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    plantZone = zone;
  } catch {
    // an unknown zone name: keep the default
  }
}

/** `2026-11-28 15:57` on the plant's clock; the text as sent when it is not an instant. */
export function plantMinute(iso: string | null | undefined, zone = plantZone): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (!/[zZ]|[+-]\d\d:?\d\d$/.test(iso) || Number.isNaN(at.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
