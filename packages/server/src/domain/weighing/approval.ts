import type { Transaction } from 'kysely';
import { entryOf, writeLogs } from '../../platform/audit/log';
import type { RowScope } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { gateFamily } from '../../platform/documents/approval-gate';
import type { ApprovalDecl } from '../../platform/module/approval';
import { refuseUnderApproval } from '../workflow/gate';
import { runBatch } from './actions';
import { TICKET_FAMILIES } from './family';
import { TICKET_KIND_INFO, ticketBase, ticketPermission, type TicketKind } from './kinds';
import { ticketMenuPath } from './menu';
import * as repo from './repo';
import { decideTicketAction, TICKET_ACTION_WORDS, type TicketAction } from './rules/transitions';
import { ticketFacts } from './second';

/**
 * A manual ticket (手工单: its weight typed, `wb_ticket.manual`, domain/station source-rules.ts) under
 * approval (domain/workflow): one document type per ticket kind. With an enabled flow, a manual
 * ticket is audited by its final approval only (the audit button refuses it), and while its
 * approval runs every change of it refuses (the engine's edit and delete ask the family's gate; the
 * ticket's own actions ask `manualTicketGate`). A ticket weighed on a scale is never gated: the
 * gate looks at the manual rows only, so a batch of station tickets pays no query.
 */
export const manualTicketDocType = (kind: TicketKind) => `ticket_manual_${kind}`;
export const manualTicketLabel = (kind: TicketKind) => `手工${TICKET_KIND_INFO[kind].label}`;

/** The ticket's own actions ask first, with the rows they locked; printing changes nothing and is never asked. */
export async function manualTicketGate(
  tx: Transaction<DB>, who: Pick<RowScope, 'orgId'>, kind: TicketKind, action: TicketAction,
  rows: readonly { id: string; ticket_no: string; manual: boolean }[],
): Promise<void> {
  const manual = rows.filter((r) => r.manual);
  if (manual.length === 0) return;
  await refuseUnderApproval(tx, who, manualTicketDocType(kind), manualTicketLabel(kind), action,
    manual.map((r) => ({ id: r.id, code: r.ticket_no })), TICKET_ACTION_WORDS[action]);
}

export function manualTicketApproval(kind: TicketKind): ApprovalDecl {
  const docType = manualTicketDocType(kind);
  const label = manualTicketLabel(kind);
  // the engine's edit (the manual ticket's figures) and delete: only manual rows are asked about
  gateFamily(TICKET_FAMILIES[kind], async (tx, who, action, rows) => {
    if (rows.length === 0) return;
    const manual = await tx.selectFrom('wb_ticket').select(['id', 'ticket_no']).where('org_id', '=', who.orgId)
      .where('id', 'in', rows.map((r) => r.id)).where('manual', '=', true).execute();
    await refuseUnderApproval(tx, who, docType, label, action, manual.map((r) => ({ id: String(r.id), code: r.ticket_no })));
  });
  return {
    docType, name: label, nameEn: `Manual ${TICKET_KIND_INFO[kind].en.toLowerCase()}`, menuPath: ticketMenuPath(kind), base: ticketBase(kind),
    initiatePermission: `${ticketPermission(kind)}_submitApproval`,
    fields: [
      { key: 'ticketNo', name: '磅单号', nameEn: 'Ticket No.', type: 'text', condition: false },
      { key: 'plateNumber', name: '车牌号', nameEn: 'Plate', type: 'text', condition: true },
      { key: 'materialId', name: '物料', nameEn: 'Material', type: 'id', condition: true },
      { key: 'vendorId', name: '供应商', nameEn: 'Vendor', type: 'id', condition: true },
      { key: 'customerId', name: '客户', nameEn: 'Customer', type: 'id', condition: true },
      { key: 'gross', name: '毛重', nameEn: 'Gross', type: 'number', condition: true },
      { key: 'tare', name: '皮重', nameEn: 'Tare', type: 'number', condition: true },
      { key: 'net', name: '净重', nameEn: 'Net', type: 'number', condition: true },
      { key: 'amount', name: '金额', nameEn: 'Amount', type: 'money', condition: true },
    ],
    async read(tx, who, id) {
      const t = await repo.lockTicket(tx, who.orgId, id);
      if (!t || t.kind !== kind) return null;
      const refusal = t.manual
        ? ((d) => (d.ok ? null : d.message))(decideTicketAction(await ticketFacts(tx, who.orgId, t, false), 'audit'))
        : `磅单 ${t.ticket_no} 是过磅生成的，不是手工单，按钮审核即可，无需审批`;
      const names = await tx.selectFrom('wb_ticket as w')
        .leftJoin('md_material as m', 'm.id', 'w.material_id')
        .leftJoin('md_vendor as v', 'v.id', 'w.vendor_id')
        .leftJoin('md_customer as c', 'c.id', 'w.customer_id')
        .select(['m.inv_name as material', 'v.vendor_name as vendor', 'c.customer_name as customer', 'w.vendor_id', 'w.customer_id'])
        .where('w.id', '=', t.id).executeTakeFirst();
      const num = (v: string | null) => (v === null ? null : Number(v));
      const idOf = (v: string | null | undefined) => (v === null || v === undefined ? null : String(v));
      return {
        id: String(t.id), docNo: t.ticket_no, title: `${label} ${t.ticket_no}`, refusal,
        values: {
          ticketNo: t.ticket_no, plateNumber: t.plate_number, materialId: idOf(t.material_id),
          vendorId: idOf(names?.vendor_id), customerId: idOf(names?.customer_id),
          gross: num(t.gross), tare: num(t.tare), net: num(t.net), amount: t.amount === null ? null : Math.round(Number(t.amount) * 100),
        },
        display: { materialId: names?.material ?? null, vendorId: names?.vendor ?? null, customerId: names?.customer ?? null, amount: t.amount },
      };
    },
    async approve(tx, who, id) {
      // the ticket's own audit through its transition table, with its log entry; the gate is not asked (this is the flow's audit)
      const done = await runBatch(tx, who, kind, 'audit', [id], { viaApproval: true });
      await writeLogs(tx, done.notes.map((n) => entryOf(who, n)));
    },
  };
}
