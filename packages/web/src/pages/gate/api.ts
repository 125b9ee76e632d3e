import { call } from '@/platform/api/http';

/** The gate's calls (server domain/gate) and the registry's own gate calls the pages use. */
export type GateMode = 'entrance' | 'release' | 'card';

export interface AppointmentView { code: string; name: string; window: string | null; inWindow: boolean; quota: number | null; used: number }
export interface PassView { id: string; passNo: string; holderKind: 'TRUCK' | 'VISITOR'; plateNumber: string | null; visitorName: string | null;
  reason: string | null; validFrom: string; validTo: string; enabled: boolean; usedCount: number }

export type Found =
  | { found: 'registry'; kind: string; id: string; registryNo: string; via: string; cardNo: string | null; registry: Record<string, unknown>; appointments: AppointmentView[] }
  | { found: 'pass'; via: string; pass: PassView; refusal: string | null };

const FIND_PATH: Record<GateMode, string> = { entrance: '/gate/find', release: '/gate/release/find', card: '/gate/card/find' };

export const findAtGate = (mode: GateMode, text: string) => call<Found>(FIND_PATH[mode], { method: 'POST', body: { text }, quiet: true });

/** The registry list's own gate buttons: the same calls, so the same checks and log entries. */
export const letIn = (kind: string, id: string) => call<{ count: number }>(`/registry/${kind}/letin`, { method: 'POST', body: { ids: [id] }, quiet: true });
export const letOut = (kind: string, id: string) => call<{ count: number }>(`/registry/${kind}/letout`, { method: 'POST', body: { ids: [id] }, quiet: true });
export const letPassIn = (text: string) => call<{ passNo: string; usedCount: number }>('/gate/pass/letin', { method: 'POST', body: { text }, quiet: true });

export const qrOf = (target: { registryId: string } | { passNo: string }) => call<{ content: string; docNo: string; qr: { size: number; path: string } }>('/gate/qr', { method: 'POST', body: target, quiet: true });

export const supplementCard = (kind: string, id: string, cardUid: string) =>
  call<{ registryNo: string; plateNumber: string; cardNo: string }>(`/registry/${kind}/supplement`, { method: 'POST', body: { id, cardUid }, quiet: true });

/** 叫号 (server domain/driver): the trucks waiting today, in order, and the call that brings one in. */
export interface WaitingTruck {
  registryId: string; registryNo: string; kind: string; kindLabel: string; plate: string; material: string | null; party: string | null;
  noticeNo: string | null; bookedDay: string | null; calledAt: string | null; place: number | null;
}
export const waitingTrucks = () => call<{ rows: WaitingTruck[] }>('/gate/queue', { quiet: true });
export const callTruck = (registryId: string) =>
  call<{ registryId: string; registryNo: string; plate: string; calledAt: string }>('/gate/call', { method: 'POST', body: { registryId }, quiet: true });
