/**
 * The kiosk's calls (server domain/quality/kiosk): its own credential, `Authorization: Kiosk <key>`,
 * never the workspace session. The key is kept in this browser only; a 401 forgets it.
 */
export const KIOSK_KEY_STORAGE = 'wb.kiosk.key';
const BASE = '/api/kiosk/quality';

export interface KioskItem { id: string; code: string; name: string; unit: string | null; precision: number; min: string | null; max: string | null }
export interface KioskResult { itemId: string; value: string | null; version: number; derived: boolean }
export interface KioskSample { id: string; blindCode: string; round: number; results: KioskResult[] }
export interface KioskView { kiosk: { name: string }; items: KioskItem[]; samples: KioskSample[] }

export class KioskError extends Error {
  constructor(readonly status: number, message: string, readonly field: string | null) { super(message); }
}

async function kioskCall<T>(key: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Kiosk ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await res.json().catch(() => null) as { success?: boolean; msg?: string; data?: unknown } | null;
  if (!res.ok || !envelope?.success) {
    const data = envelope?.data as { field?: string } | null | undefined;
    throw new KioskError(res.status, envelope?.msg ?? `HTTP ${res.status}`, data?.field ?? null);
  }
  return envelope.data as T;
}

export const loadKiosk = (key: string) => kioskCall<KioskView>(key, '/samples');
export const saveKioskValue = (key: string, sampleId: string, itemId: string, value: string | null, version: number) =>
  kioskCall<{ blindCode: string; results: KioskResult[] }>(key, '/results', { sampleId, values: [{ itemId, value, version }] });

/** Inline check of a typed value against the item: a number, its decimals, its range. Null when fine. */
export function valueProblem(item: Pick<KioskItem, 'precision' | 'min' | 'max' | 'name'>, text: string): string | null {
  if (text === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return `${item.name}应为数字`;
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals > item.precision) return `${item.name}最多${item.precision}位小数`;
  const v = Number(text);
  if (item.min !== null && v < Number(item.min)) return `${item.name}不能小于${item.min}`;
  if (item.max !== null && v > Number(item.max)) return `${item.name}不能大于${item.max}`;
  return null;
}
