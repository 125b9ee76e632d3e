import { call } from '@/platform/api/http';
import type { QualityTermBody } from './quality-rows';

/**
 * The contract's calls the dialogs use (server domain/contract: get/{id}, quality); base is the
 * list's family base (/api/contract/sa). A refusal (400) is shown in the dialog, at its cell.
 */
const path = (base: string) => base.replace(/^\/api(?=\/)/, '');

/** A quality term as get/{id} answers it (numbers as trimmed decimal text, null when not set). */
export interface QualityTerm {
  seq: number; materialCode: string; itemCode: string; itemName: string; standardValue: string; direction: 'MAX' | 'MIN';
  deductStep: string | null; deductPercent: string | null; bandStep: string | null; bandPrice: string | null; rejectLimit: string | null; remark: string | null;
  /** how the quality inspection counts the deduction and moves the price (domain/contract/quality.ts) */
  deductBasis: 'NET' | 'DRY'; bandMode: 'STEP' | 'PROPORTIONAL';
}

/** A value an audited amendment changed (wb_contract_change). */
export interface AmendChange {
  amendNo: string; lineSeq: number | null; field: string; before: string | null; after: string | null; changedAt: string; changedBy: string | null;
}

export interface ContractEntity {
  id: string; contractNo: string; docStatus: string;
  entitysub: { materialCode?: string | null; materialName?: string | null }[];
  qualityTerms: QualityTerm[];
  amendHistory: AmendChange[];
}

export const getContract = (base: string, id: string) => call<ContractEntity>(`${path(base)}/get/${encodeURIComponent(id)}`);

export const saveQualityTerms = (base: string, id: string, terms: QualityTermBody[]) =>
  call<{ id: string; count: number }>(`${path(base)}/quality`, { method: 'POST', body: { id, terms }, expected: [400] });
