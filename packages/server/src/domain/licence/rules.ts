import Decimal from 'decimal.js';

/**
 * The licence rules, pure: whether a grant lets a controlled product go to a customer, whether a
 * person may collect it, what a completed ticket draws, and which grants are about to expire.
 * Dates are calendar days as the database writes them (yyyy-MM-dd), compared as text.
 */

/** Days before its end a grant counts as expiring (即将到期) when the company sets no other figure. */
export const EXPIRING_DAYS = 30;

export interface GrantLineFacts { standProductId: string; productName: string; quantity: string; drawn: string }
export interface GrantFacts {
  grantNo: string;
  status: 'FREE' | 'AUDITED' | 'OBSOLETE';
  enabled: boolean;
  customerId: string;
  divisionId: string | null;
  validFrom: string;
  validTo: string;
  lines: GrantLineFacts[];
}

export interface Problem { field: string; message: string }

const STATUS_WORDS = { FREE: '未审核', OBSOLETE: '已作废', AUDITED: '' } as const;

/** Why a grant does not let these controlled products go to this customer today; null when it does. */
export function grantProblem(
  field: string, grant: GrantFacts | null, need: { customerId: string | null; products: { id: string; name: string }[]; today: string },
): Problem | null {
  if (!grant) return { field, message: '许可证不存在' };
  const who = `许可证 ${grant.grantNo}`;
  if (grant.status !== 'AUDITED') return { field, message: `${who} ${STATUS_WORDS[grant.status]}，不能使用` };
  if (!grant.enabled) return { field, message: `${who} 已停用，不能使用` };
  if (need.customerId !== null && grant.customerId !== need.customerId) return { field, message: `${who} 的持证单位不是该客户` };
  if (need.today < grant.validFrom) return { field, message: `${who} 未到有效期（${grant.validFrom} 起）` };
  if (need.today > grant.validTo) return { field, message: `${who} 已过期（${grant.validTo} 止）` };
  for (const p of need.products) {
    const line = grant.lines.find((l) => l.standProductId === p.id);
    if (!line) return { field, message: `${who} 不包含标准产品 ${p.name}` };
    if (new Decimal(line.quantity).minus(line.drawn).lte(0)) return { field, message: `${who} 的标准产品 ${p.name} 已无剩余许可数量` };
  }
  return null;
}

export interface CollectorFacts {
  name: string;
  enabled: boolean;
  customerId: string;
  divisionId: string | null;
  validFrom: string;
  validTo: string;
}

/** Why this person may not collect for the customer (and the grant's division) today; null when they may. */
export function collectorProblem(
  field: string, person: CollectorFacts | null, need: { customerId: string | null; divisionId: string | null; today: string },
): Problem | null {
  if (!person) return { field, message: '授权提货人不能为空！' };
  const who = `授权提货人 ${person.name}`;
  if (!person.enabled) return { field, message: `${who} 已停用` };
  if (need.customerId !== null && person.customerId !== need.customerId) return { field, message: `${who} 不是该客户的授权提货人` };
  if (need.divisionId !== null && person.divisionId !== null && person.divisionId !== need.divisionId) {
    return { field, message: `${who} 不属于许可证的持证部门` };
  }
  if (need.today < person.validFrom || need.today > person.validTo) return { field, message: `${who} 不在授权有效期内（${person.validFrom} 至 ${person.validTo}）` };
  return null;
}

export type DrawDecision = { ok: true; drawn: Decimal } | { ok: false; message: string };

/** A completed ticket's net added to the line's drawn quantity, never past what was granted. */
export function decideDraw(grantNo: string, productName: string, line: { quantity: string; drawn: string }, net: Decimal.Value): DrawDecision {
  const drawn = new Decimal(line.drawn).plus(net);
  if (drawn.gt(line.quantity)) {
    const left = Decimal.max(new Decimal(line.quantity).minus(line.drawn), 0);
    return { ok: false, message: `许可证 ${grantNo} 的标准产品 ${productName} 剩余许可数量 ${left.toFixed()}，本次净重 ${new Decimal(net).toFixed()} 超出许可数量` };
  }
  return { ok: true, drawn };
}

/** A voided ticket's draw given back (never below nothing). */
export const drawnAfterGiveBack = (drawn: string, quantity: Decimal.Value): Decimal => Decimal.max(new Decimal(drawn).minus(quantity), 0);

/** A grant ending within `days` from today (its end day included) warns; one already ended is refused, not warned. */
export function expiringWarning(grantNo: string, validTo: string, today: string, days: number): string | null {
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + days);
  const horizon = last.toISOString().slice(0, 10);
  return validTo >= today && validTo <= horizon ? `许可证 ${grantNo} 将于 ${validTo} 到期（${days} 天内），请及时办理` : null;
}

/** A pre-load the grant line no longer covers: the truck may go (the weighing is the binding check), warned. */
export function preLoadWarning(grantNo: string, line: GrantLineFacts, preQuantity: string | null): string | null {
  if (preQuantity === null) return null;
  const left = new Decimal(line.quantity).minus(line.drawn);
  return left.lt(preQuantity) ? `许可证 ${grantNo} 的标准产品 ${line.productName} 剩余许可数量 ${left.toFixed()}，少于预装数 ${new Decimal(preQuantity).toFixed()}` : null;
}
