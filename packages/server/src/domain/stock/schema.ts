import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely's view of the stock tables of migrations/016_stock.sql: the opening stock, the transfer
 * form and its lines, and the sources 016 adds to wb_stock_record (platform/db/schema.ts has 011's).
 */
type Id = ColumnType<string, string | number | undefined, string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, string | number, string | number>;
type DocAudit = {
  created_at: Timestamp; created_by: Id | null; updated_at: Timestamp; updated_by: Id | null; version: Generated<number>;
  audited_at: Timestamp | null; audited_by: Id | null;
};

export interface WbStockEarly extends DocAudit {
  id: Generated<string>; org_id: Id; early_no: string; doc_status: Generated<'FREE' | 'AUDITED'>; enabled: Generated<boolean>;
  warehouse_id: Id; material_id: Id; quantity: Numeric; stock_date: Timestamp; remark: string | null;
}
export interface WbStockTransfer extends DocAudit {
  id: Generated<string>; org_id: Id; transfer_no: string; doc_status: Generated<'FREE' | 'AUDITED'>; enabled: Generated<boolean>;
  from_warehouse_id: Id; to_warehouse_id: Id; transfer_date: Timestamp; remark: string | null;
}
export interface WbStockTransferLine {
  id: Generated<string>; org_id: Id; transfer_id: Id; seq: number; material_id: Id; quantity: Numeric; remark: string | null;
  created_at: Timestamp; created_by: Id | null; updated_at: Timestamp; updated_by: Id | null; version: Generated<number>;
}

declare module '../../platform/db/schema' {
  interface WbStockRecord {
    early_id: Id | null;
    transfer_id: Id | null;
    transfer_line_id: Id | null;
    /** a correcting record's ticket: its net changed after posting (migrations/062_blind_drift.sql) */
    corrects_ticket_id: Id | null;
  }
  interface DB {
    wb_stock_early: WbStockEarly;
    wb_stock_transfer: WbStockTransfer;
    wb_stock_transfer_line: WbStockTransferLine;
  }
}
