import type { BatchDetail, BatchOpenChoices, SiloChoice, TicketSiloReply, DeductBody, DeductPreview, GaugeBody, GaugeReply, GaugeView, TicketBatchReply, TicketMoneyParams } from '@wb/protocol';
import { call, type DownloadedFile } from '@/platform/api/http';

/**
 * The ticket's calls the dialogs use (server domain/weighing/routes.ts); base is the list's family
 * base (/api/weigh/pu). A refusal (400) is shown inside the dialog, so it raises no notification.
 */
const path = (base: string) => base.replace(/^\/api(?=\/)/, '');
const INLINE = [400] as const;

export interface TicketDeductionRow { kind: string; mode: 'AMOUNT' | 'RATE'; value: string; amount: string }

export interface TicketEntity {
  id: string; ticketNo: string; plateNumber: string; materialName?: string | null; state: string;
  gross: string | null; tare: string | null; net: string | null; deductTotal: string | null; price: string | null; amount: string | null;
  /** as the server keeps them, kinds in capitals (WATER), the material's hidden one too (HIDDEN) */
  deductions: TicketDeductionRow[];
  /** the production batch of a sales ticket (server domain/batch) */
  batchId?: string | null; batchNo?: string | null;
  /** 085: what the price is per (NET weighed, VOLUME gauged) and the gauged m3 */
  priceBasis?: 'NET' | 'VOLUME'; gaugeVolume?: string | null;
  /** the silo a sales ticket is loaded at (its second weighing reads the silo's current batch) */
  siloId?: string | null; siloName?: string | null;
}

export const getTicket = (base: string, id: string) => call<TicketEntity>(`${path(base)}/get/${encodeURIComponent(id)}`);

export const previewDeduct = (base: string, body: DeductBody) =>
  call<DeductPreview>(`${path(base)}/deduct/preview`, { method: 'POST', body, expected: INLINE });

export const saveDeductions = (base: string, body: DeductBody) => call<unknown>(`${path(base)}/deduct`, { method: 'POST', body, expected: INLINE });

export interface TicketPicture { fileId: string; reading: 'FIRST' | 'SECOND' | 'GAUGE'; weighedAt: string }

/** The watermarked snapshots the ticket's weighings keep, then its gauging's photos (server weighing/pictures.ts). */
export const ticketPictures = (base: string, id: string) => call<TicketPicture[]>(`${path(base)}/pictures/${encodeURIComponent(id)}`);

/** One picture's bytes, under the session (GET /api/sys-file-type/img/:id), as an object URL for <img>. */
export async function pictureUrl(fileId: string): Promise<string> {
  const file = await call<DownloadedFile>(`/sys-file-type/img/${encodeURIComponent(fileId)}`, { file: true });
  return URL.createObjectURL(file.blob);
}

export const moneyParams = (base: string) => call<TicketMoneyParams>(`${path(base)}/moneyParams`);

export const modifyPrice = (base: string, id: string, price: string, reason: string) =>
  call<{ count: number }>(`${path(base)}/modifyPrice`, { method: 'POST', body: { ids: [id], price, reason }, expected: INLINE });

export const splitTicket = (base: string, id: string, parts: string[]) =>
  call<{ ids: string[] }>(`${path(base)}/split`, { method: 'POST', body: { id, parts }, expected: INLINE });

export interface TicketAddressChoice {
  ticketNo: string; state: string; addressId: string | null;
  choices: { id: string; code: string; name: string; kind: string; warehouseName: string }[];
}

/** The 库存地址 dialog: the ticket's address now and the enabled addresses of its warehouses (server stock/address module.ts). */
export const ticketAddressChoice = (base: string, id: string) => call<TicketAddressChoice>(`${path(base)}/stockAddress/${encodeURIComponent(id)}`);

export const assignTicketAddress = (base: string, ticketId: string, stockAddressId: string | null) =>
  call<unknown>(`${path(base)}/stockAddress`, { method: 'POST', body: { ticketId, stockAddressId }, expected: INLINE });

/** 检尺: the ticket's gauging and what its material says of gauging (server weighing/gauge). */
export const gaugeView = (base: string, id: string) => call<GaugeView>(`${path(base)}/gauge/${encodeURIComponent(id)}`);
export const saveGauge = (base: string, body: GaugeBody) => call<GaugeReply>(`${path(base)}/gauge`, { method: 'POST', body, expected: INLINE });

/** The batch archive's rows a sales ticket may take (server gate/archives.ts, domain/batch columns). */
export interface BatchOption { id: string; batchNo: string; materialCode: string | null; remaining: string | null; closedAt: string | null; enabled: boolean }
export const batchOptions = async () =>
  (await call<{ list: BatchOption[] }>('/masterdata/batch/v2/list', { method: 'POST', body: { search: [], limit: { pn: 1, ps: 200 } } })).list;
export const saveTicketBatch = (base: string, id: string, batchId: string | null) =>
  call<TicketBatchReply>(`${path(base)}/batchNo`, { method: 'POST', body: { id, batchId }, expected: INLINE });

/** 批次详情: the batch with its tickets and what remains (server domain/batch batch-actions.ts). */
export const batchDetail = (id: string) => call<BatchDetail>(`/masterdata/batch/detail/${encodeURIComponent(id)}`);

/** The batch of the silo's current fill, taken now (a ticket already weighed out). */
export const saveTicketBatchFromSilo = (base: string, id: string, siloId: string) =>
  call<TicketBatchReply>(`${path(base)}/batchNo`, { method: 'POST', body: { id, siloId }, expected: INLINE });

/** The silos a sales ticket may name, and naming one (server domain/batch ticket-batch.ts setSiloOfTicket). */
export const ticketSilos = () => call<SiloChoice[]>('/weigh/sa/silos');
export const saveTicketSilo = (base: string, id: string, siloId: string | null) =>
  call<TicketSiloReply>(`${path(base)}/silo`, { method: 'POST', body: { id, siloId }, expected: INLINE });

/** 开仓 and 检验值 of the batch archive (server domain/batch batch-actions.ts). */
export const batchOpenChoices = () => call<BatchOpenChoices>('/masterdata/batch/open/choices');
export interface BatchOpenInput { id?: string; batchNo?: string; materialId?: string | null; quantity?: string | null; openedAt?: string | null; siloId: string }
export const openBatch = (body: BatchOpenInput) => call<{ id: string; batchNo: string; siloName: string }>('/masterdata/batch/open', { method: 'POST', body, expected: INLINE });
export type TestValue = BatchDetail['testValues'][number];
export const saveBatchTests = (id: string, values: TestValue[]) => call<{ count: number }>('/masterdata/batch/tests', { method: 'POST', body: { id, values }, expected: INLINE });

/** 收货确认 of a sales ticket (server domain/driver): the receiver, the time and the signature the driver's phone took. */
export interface TicketReceipt { ticketNo: string; receipt: { receiverName: string; receivedAt: string; plate: string; signatureFileId: string; signatureUrl: string } | null }
export const ticketReceipt = (id: string) => call<TicketReceipt>(`/weigh/sa/receipt/${encodeURIComponent(id)}`);
