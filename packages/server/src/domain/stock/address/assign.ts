import { z } from 'zod';
import { idOrNumber } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import type { Who } from '../../../platform/auth/who';
import type { ChangeNote } from '../../../platform/audit/log';
import { AppError, badRequest } from '../../../platform/http/errors';
import { addressOf, lockTicket, setTicketAddress } from './repo';
import { assignProblem } from './rules';

/** 指定库存地址: the ticket's unloading or loading place; null clears it. */
export const assignBody = z.object({
  ticketId: idOrNumber,
  stockAddressId: idOrNumber.nullable(),
}).strict();
export type AssignBody = z.infer<typeof assignBody>;

/**
 * Names where the ticket's goods were unloaded or loaded, before it is posted: its posting then
 * writes the address on the record at that warehouse (posting.ts), and the address's balance moves.
 */
export async function assignStockAddress(
  tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, body: AssignBody, kind?: string,
): Promise<{ note: ChangeNote }> {
  const ticket = await lockTicket(tx, who.orgId, body.ticketId);
  // from a kind's ticket list (its 库存地址 button), only that kind's tickets
  if (!ticket || (kind !== undefined && ticket.kind !== kind)) throw AppError.of('notFound', `磅单不存在: ${body.ticketId}`, 'ticketId');
  const address = body.stockAddressId === null ? null : await addressOf(tx, who.orgId, body.stockAddressId, ticket.materialId);
  if (body.stockAddressId !== null && !address) throw badRequest(`库存地址不存在: ${body.stockAddressId}`, 'stockAddressId');
  const problem = assignProblem(ticket, address);
  if (problem) throw badRequest(problem, ticket.state === 'POSTED' || ticket.state === 'OBSOLETE' ? 'ticketId' : 'stockAddressId');
  const before = ticket.addressId === null ? null : await addressOf(tx, who.orgId, ticket.addressId);
  await setTicketAddress(tx, who.orgId, ticket.id, address?.id ?? null, who.userId);
  const label = (a: { code: string; name: string } | null) => (a ? `${a.code} ${a.name}` : '无');
  return { note: { action: 'stockAddress', family: '磅单', docNo: ticket.ticketNo, detail: `库存地址：${label(before)} -> ${label(address)}` } };
}
