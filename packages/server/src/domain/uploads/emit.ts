import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { Database } from '../../platform/db/pool';
import { emitEvent } from '../../platform/events/emit';
import { hasSubscriber, uploadInFlight } from '../../platform/events/repo';
import type { Who } from '../../platform/auth/who';
import { freightMessage, sapPurchaseMessage, sapRegistryMessage } from './messages';
import * as repo from './repo';

type Tx = Transaction<DB>;
type Actor = Pick<Who, 'orgId' | 'userId'>;

/**
 * The uploads to other systems are subscribers of the plant's events (platform/events), as the ERP
 * is: each is a subscription in 接口配置 to its own event, whose payload is its receiver's message
 * (messages.ts), built in the transaction of the change it reports, so the message exists exactly
 * when the change does. Delivery, retries with backoff (the job library), each try's record and
 * resend are the events' own (事件历史). With no enabled subscription nothing is read or written.
 */
export const UPLOAD_EVENTS = { registry: 'upload.registry', purchase: 'upload.purchase', freight: 'upload.freight' } as const;

const zone = () => process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';

/** A registry let in or out, to SAP. */
export async function uploadRegistryMovement(tx: Tx, who: Actor, registry: { id: string; code: string }, movement: 'IN' | 'OUT'): Promise<void> {
  if (!(await hasSubscriber(tx, who.orgId, UPLOAD_EVENTS.registry))) return;
  const facts = await repo.registryForSap(tx, who.orgId, registry.id, movement);
  await emitEvent(tx, { orgId: who.orgId, type: UPLOAD_EVENTS.registry, key: registry.code, userId: who.userId, payload: sapRegistryMessage(facts, zone()) });
}

/**
 * A purchase ticket completed (goods receipt) or voided (its reversal), to SAP; other kinds are not
 * the purchase family's. `subscribed`, when the caller has already asked (the second weighing's
 * facts), spares the question its round trip.
 */
export async function uploadPurchaseTicket(
  tx: Tx, who: Actor, ticket: { id: string; kind: string; ticketNo: string }, event: 'COMPLETED' | 'VOIDED', subscribed: boolean | null = null,
): Promise<void> {
  if (ticket.kind !== 'pu' || !(subscribed ?? (await hasSubscriber(tx, who.orgId, UPLOAD_EVENTS.purchase)))) return;
  const facts = await repo.purchaseTicketForSap(tx, who.orgId, ticket.id, event);
  await emitEvent(tx, { orgId: who.orgId, type: UPLOAD_EVENTS.purchase, key: ticket.ticketNo, userId: who.userId, payload: sapPurchaseMessage(facts, zone()) });
}

/** A sales freight settlement examined, to the freight platform. */
export async function uploadFreightSettlement(tx: Tx, who: Actor, settlement: { id: string; settleNo: string; kind: string }): Promise<void> {
  if (settlement.kind !== 'sa' || !(await hasSubscriber(tx, who.orgId, UPLOAD_EVENTS.freight))) return;
  const facts = await repo.freightSettlementForUpload(tx, who.orgId, settlement.id);
  await emitEvent(tx, { orgId: who.orgId, type: UPLOAD_EVENTS.freight, key: settlement.settleNo, userId: who.userId, payload: freightMessage(facts) });
}

/**
 * The upload lock (the ERP's, weighing/rules/transitions.ts `uploaded`): a document whose upload is
 * still on its way cannot be changed, so the receiver never gets a message the plant no longer
 * stands by. It ends when the receiver took it (2xx) or the delivery failed.
 */
export const purchaseTicketUploading = (tx: Tx | Database, orgId: string, ticketNo: string) => uploadInFlight(tx, orgId, [UPLOAD_EVENTS.purchase], ticketNo);
export const freightSettlementUploading = (tx: Tx | Database, orgId: string, settleNo: string) => uploadInFlight(tx, orgId, [UPLOAD_EVENTS.freight], settleNo);
