import { call } from '@/platform/api/http';

/**
 * The freight plan's calls the dialogs use (server domain/freight/module.ts, /api/freight/plan/...);
 * base is the list's family base. A refusal (400) is shown inside the dialog, so it raises no notification.
 */
const path = (base: string) => base.replace(/^\/api(?=\/)/, '');
const INLINE = [400] as const;

export interface PlanHead {
  id: string; planNo: string; kind: string; docStatus: string; urgent: boolean; carrierName: string; materialName: string | null; routeName: string | null;
  wareName: string | null; startTime: string | null; endTime: string | null; plannedTrips: number | null; plannedQuantity: string | null;
  price: string | null; priceLabel: string | null; poundsConfirmedAt: string | null; freightTotal: string | null; lossChargeTotal: string | null;
  remitted: string; fuelAdvanced: string; remark: string | null;
}

export interface PoundRow {
  ticketId: string; ticketNo: string; plateNumber: string | null; materialName: string | null; completedAt: string | null;
  shipped: string | null; net: string | null; freight?: string | null; lossCharge?: string | null;
}

export interface Remittance { id: string; amount: string; paidAt: string; method: string; reference: string | null; remark: string | null }
export interface FuelAdvance { id: string; cardNo: string; amount: string; confirmedAt: string; deductedByNo: string | null; remark: string | null }
export interface PlanDetail { plan: PlanHead; pounds: PoundRow[]; remittances: Remittance[]; fuelAdvances: FuelAdvance[] }

export const planDetail = (base: string, id: string) => call<PlanDetail>(`${path(base)}/detail`, { method: 'POST', body: { id } });

export const poundCandidates = (base: string, body: { id: string; from?: string; to?: string; plate?: string }) =>
  call<PoundRow[]>(`${path(base)}/candidates`, { method: 'POST', body });

export const savePoundList = (base: string, id: string, ticketIds: string[]) =>
  call<{ ticketCount: number }>(`${path(base)}/poundListedit`, { method: 'POST', body: { id, ticketIds }, expected: INLINE });

export const addRemittance = (base: string, body: { id: string; amount: string; method: string; paidAt?: string; reference?: string; remark?: string }) =>
  call<unknown>(`${path(base)}/remittance`, { method: 'POST', body, expected: INLINE });

export const confirmOil = (base: string, id: string, body: { cardNo: string; amount: string; remark?: string }) =>
  call<unknown>(`${path(base)}/confirmOil/${encodeURIComponent(id)}`, { method: 'POST', body, expected: INLINE });

export const setStorage = (base: string, id: string, warehouseId: string | null) =>
  call<unknown>(`${path(base)}/storage`, { method: 'POST', body: { id, warehouseId }, expected: INLINE });

/** The plan's print (findPrint): its PDF at this path, the same as Excel at `${path}/xlsx` (the print preview fetches them). */
export const planPrintPath = (base: string, id: string) => `${path(base)}/findPrint/${encodeURIComponent(id)}`;

export async function warehouses(): Promise<{ id: string; name: string }[]> {
  const reply = await call<{ list?: Record<string, unknown>[] } | null>('/masterdata/warehouse/v2/list', { method: 'POST', body: { limit: { pn: 1, ps: 200 } } });
  return (reply?.list ?? []).map((r) => ({ id: String(r.id), name: String(r.wareName ?? r.title ?? r.id) }));
}
