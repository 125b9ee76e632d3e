import type { Transaction } from 'kysely';
import type { DocFieldType } from '@wb/protocol';
import type { RowScope } from '../auth/who';
import type { DB } from '../db/schema';

/**
 * A document type a family puts under approval (审批流程, domain/workflow): declared in the
 * family's module.ts as `approvals`. Without a flow defined for the type in a company, the
 * document audits as it always did; with one, it is submitted (提交审批) and walks the flow, and
 * its final approval runs `approve`, the document's own audit, in the approval's transaction.
 */
export interface ApprovalDecl {
  /** stable, unique: 'price_adjust_sa', 'contract_sa' */
  docType: string;
  name: string;
  nameEn: string;
  /** the document's own list screen */
  menuPath: string | null;
  /** the document's calls' base path: /api/price/sa/adjust */
  base: string | null;
  /** the key a caller needs to submit such a document */
  initiatePermission: string;
  /** what conditions may test and the detail shows */
  fields: ApprovalField[];
  /**
   * The document, locked for the rest of the transaction, in the caller's company; null when it
   * is not there. `refusal`: why it may not be submitted now (already audited), else null.
   */
  read(tx: Transaction<DB>, who: RowScope, docId: string): Promise<ApprovalDoc | null>;
  /**
   * The document's own audit through its transition table; a refusal throws (a 400 with its
   * message). `pending`: the change held while in approval (a correction's new value), applied now.
   */
  approve(tx: Transaction<DB>, who: RowScope, docId: string, pending: Record<string, string | number | null>): Promise<void>;
  /**
   * Set when the document is submitted by its own action, which holds a change pending (the
   * notice's 修改最大限量): the word of that action; POST /api/workflow/initiate refuses the type.
   */
  submittedBy?: string;
}

export interface ApprovalField {
  key: string;
  name: string;
  nameEn: string;
  type: DocFieldType;
  condition: boolean;
}

export interface ApprovalDoc {
  id: string;
  docNo: string;
  title: string;
  refusal: string | null;
  /** by field key: numbers as numbers (money in cents), ids and text as text */
  values: Record<string, string | number | null>;
  /** what a field shows when it is not the value itself (an id's name) */
  display: Record<string, string | null>;
}
