import { call } from '@/platform/api/http';

/**
 * The lab's calls the dialogs use (server domain/quality module.ts): the sample as the lab reads it
 * (blind code and results, never a vendor, ticket or plate), entry and recheck. A refusal (400, 403,
 * 409) is shown in the dialog, not as a notification.
 */
export interface LabRound { value: string | null; version: number; enteredBy: string | null }

export interface LabLine {
  itemId: string; itemCode: string; itemName: string; unit: string | null; precisionDigits: number; minValue: string | null; maxValue: string | null;
  method: string | null; formula: string | null; mayEnter: boolean;
  first: LabRound | null; recheck: LabRound | null; final: string | null;
}

export interface LabSample {
  id: string; blindCode: string; materialName: string | null; formatName: string; recheckMode: string; sampledOn: string; sampleCount: number;
  state: string; stateName: string; round: number; checkedBy: string | null; recheckReason: string | null; version: number;
  lines: LabLine[];
}

export interface ResultValue { itemId: string; value: string | null; version: number }

const sample = (id: string) => `/quality/sample/${encodeURIComponent(id)}`;

export const getLabSample = (id: string) => call<LabSample>(sample(id));

export const enterResults = (id: string, values: ResultValue[]) =>
  call<unknown>(`${sample(id)}/results`, { method: 'POST', body: { values }, expected: [400, 403, 409] });

export const openRecheck = (id: string, reason: string) =>
  call<unknown>(`${sample(id)}/recheck`, { method: 'POST', body: { reason }, expected: [400, 403] });
