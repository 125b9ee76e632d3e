import type { ListReply } from '@/platform/templates/api';
import { call } from '@/platform/api/http';

/** The registry's own calls (server domain/registry/routes.ts); base is the family's, without /api. */
const path = (base: string) => base.replace(/^\/api(?=\/)/, '');

export interface RegistryEntity {
  id: string; registryNo: string; plateNumber: string; docStatus: string; tripState: string; noticeNo?: string | null;
  materialName?: string | null; preQuantity?: string | number | null; cardNo?: string | null;
}

export const readRegistryOfCard = (base: string, cardUid: string) =>
  call<{ cardNo: string; cardUid: string; registry: RegistryEntity }>(`${path(base)}/card/read`, { method: 'POST', body: { cardUid }, quiet: true });

export const supplementCard = (base: string, id: string, cardUid: string) =>
  call<{ registryNo: string; plateNumber: string; cardNo: string; cardUid: string }>(`${path(base)}/supplement`, { method: 'POST', body: { id, cardUid } });

export const getRegistry = (base: string, id: string) => call<RegistryEntity>(`${path(base)}/get/${encodeURIComponent(id)}`);

export interface Snapshot { fileId: string; ticketNo: string; reading: 'FIRST' | 'SECOND'; weighedAt: string; url: string }

export const registryPictures = (base: string, id: string) => call<Snapshot[]>(`${path(base)}/pictures/${encodeURIComponent(id)}`);

export const rematch = (base: string, ids: string[], dischargePointId: string) =>
  call<{ count: number; dischargePoint: string }>(`${path(base)}/rematch`, { method: 'POST', body: { ids, dischargePointId } });

export async function dischargePoints(): Promise<{ id: string; title: string }[]> {
  const reply = await call<ListReply | null>('/masterdata/discharge-point/v2/list', {
    method: 'POST', body: { limit: { pn: 1, ps: 200 } },
  });
  return (reply?.list ?? []).map((r) => ({ id: String(r.id), title: String(r.title ?? r.pointCode ?? r.id) }));
}

/** The card a registry form read: usable and free of other open trips (registryNo: the one being edited may keep its own). */
export const bindableCard = (base: string, cardUid: string, registryNo?: string) =>
  call<{ cardId: string; cardNo: string; cardUid: string }>(`${path(base)}/card/bindable`, { method: 'POST', body: { cardUid, ...(registryNo ? { registryNo } : {}) }, quiet: true });

/** 司机链接 (server domain/driver): the driver's phone link for a registry, with its QR code drawn by the server. */
export interface DriverLink { token: string; link: string; expiresAt: string; plate: string; registryNo: string; qr: { size: number; path: string } }
export const driverLink = (base: string, id: string) => call<DriverLink>(`${path(base)}/driver-link`, { method: 'POST', body: { id } });
