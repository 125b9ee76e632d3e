import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import type { WeighParams } from '@wb/protocol';
import type { Who } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { redrawGrant } from '../licence/draw';
import { followTicketAmount } from '../money/ledger';
import { completeOnLine, uncompleteOnLine } from '../notice/quantity';
import { correctSettledTicket } from '../settlement/corrections';
import { correctTicketStock } from '../stock/posting';
import { weighParams } from '../weighing/repo';
import { basisAmount } from '../weighing/rules/amount';
import { computeNet, type Deduction, type DeductionKind } from '../weighing/rules/net';
import { roundWeight } from '../weighing/rules/units';
import * as repo from './apply-repo';
import { judgeSample, ticketQuality, type QualityTerm, type SampleJudgement } from './terms';

type Tx = Transaction<DB>;

export interface AppliedTicket {
  ticketId: string;
  ticketNo: string;
  /** the new QUALITY deduction in tons and the new unit price change */
  deduction: string;
  priceAdjust: string;
  rejected: boolean;
  /** EDITED: the ticket's figures; SETTLED: an adjustment row of this settlement, the ticket kept as it was; NO_TERMS: its contract states none */
  outcome: 'EDITED' | 'SETTLED' | 'NO_TERMS';
  settlementNo: string | null;
  net: string | null;
  amount: string | null;
  /** priced per m3 and not gauged yet: no amount until its gauging, which prices it with this price change */
  awaitingGauge?: true;
}
export interface SampleApplication {
  sampleId: string;
  tickets: AppliedTicket[];
  /** a short account for the calling action's one log entry: the lab's check or recheck */
  detail: string;
}

const APPLICABLE = new Set(['FIRST_WEIGHED', 'CONFIRMED', 'COMPLETED', 'AUDITED', 'POSTED']);
const DB_KIND: Record<string, DeductionKind> = { WATER: 'water', IMPURITY: 'impurity', DETRITUS: 'detritus', STONE: 'stone', OTHER: 'other' };

/**
 * The sample's final values (qm_sample_value, written by the check or the recheck) applied under
 * each ticket's contract quality terms: the ticket's QUALITY deduction and quality_price_adjust,
 * its net and amount computed again by the weighing's own rules (computeNet, basisAmount: a ticket
 * priced per m3 on its gauged volume, one not gauged yet left without an amount and counted), the
 * notice line's done, a controlled product's draw and a sale's account following the change as a
 * deduction moves them. A ticket a goods settlement holds is not edited: the settlement gets an
 * adjustment row (domain/settlement/corrections.ts). A posted ticket's stock gets the difference
 * of its net as a correcting record (domain/stock posting.ts correctTicketStock). Applying again (a recheck) replaces what the
 * last application decided, never adds to it. Lock order: the sample's tickets by id, the sample,
 * then what each ticket's change moves (notice line, grant line, account), as the weighing locks them.
 */
export interface AppliedBy { userId: string | null; name: string }

export async function applySampleResults(tx: Tx, orgId: string, sampleId: string, who: AppliedBy): Promise<SampleApplication> {
  // the check's order: the sample's tickets by id, then the sample (held already when the check calls)
  const locked = await repo.lockSampleTickets(tx, orgId, sampleId);
  const sample = await repo.lockSample(tx, orgId, sampleId);
  if (!sample) throw badRequest(`样品不存在: ${sampleId}`, 'sampleId');
  if (sample.state !== 'CHECKED' && sample.state !== 'RECHECKED') throw badRequest(`样品 ${sample.blind_code} 未审核，不能应用化验结果`, 'sampleId');
  const values = await repo.sampleValues(tx, sampleId);
  const tickets = locked.filter((t) => APPLICABLE.has(t.state) && t.source_ticket_id === null);
  // the weighing refuses every change of a locked ticket; the lab's result is no exception. The
  // lab is the caller here: the refusal names the sample and counts, never a ticket (blind codes)
  const held = tickets.filter((t) => !t.settled_by_id && (t.locked_by_no || t.uploaded_at)).length;
  if (held) throw badRequest(`样品 ${sample.blind_code} 有 ${held} 张磅单已被锁定或已上传，解锁后才能应用化验结果`, 'sampleId');
  const terms = await repo.contractTerms(tx, [...new Set(tickets.flatMap((t) => (t.contract_id ? [t.contract_id] : [])))]);
  const deductions = await repo.deductionRows(tx, tickets.map((t) => t.id));
  const params = await weighParams(tx, orgId);

  const writes: repo.TicketWrite[] = [];
  const outcomes: repo.OutcomeRow[] = [];
  const applied: AppliedTicket[] = [];
  const lineMoves = new Map<string, { before: Decimal; after: Decimal }>();
  const moved: { t: repo.SampleTicket; write: repo.TicketWrite }[] = [];
  const ownRows = new Map<string, repo.DeductionRow[]>();
  for (const d of deductions) ownRows.set(d.ticket_id, [...(ownRows.get(d.ticket_id) ?? []), d]);
  // one judgement per contract and material: a sample's trucks mostly share both
  const judgements = new Map<string, { itemTerms: QualityTerm[]; judged: SampleJudgement }>();
  const judge = (key: string) => {
    let j = judgements.get(key);
    if (!j) {
      const itemTerms = terms.get(key) ?? [];
      j = { itemTerms, judged: judgeSample(itemTerms, values) };
      judgements.set(key, j);
    }
    return j;
  };
  for (const t of tickets) {
    const own = ownRows.get(t.id) ?? [];
    const { itemTerms, judged } = judge(t.contract_id && t.material_id ? repo.termsKey(t.contract_id, t.material_id) : '');
    const figures = figuresOf(t, own, judged, params, sample.blind_code);
    const base = { ticketId: t.id, ticketNo: t.ticket_no, deduction: figures.deduction, priceAdjust: figures.priceAdjust, rejected: judged.rejected };
    let settlementNo: string | null = null;
    if (t.settled_by_id) {
      ({ settlementNo } = await correctSettledTicket(tx, {
        orgId, ticketId: t.id, qualityDeduction: figures.deduction, qualityPriceAdjust: figures.priceAdjust,
        reason: `样品 ${sample.blind_code} 化验结果：质量扣重 ${figures.deduction} 吨，质量调价 ${figures.priceAdjust}`, userId: who.userId,
      }));
      applied.push({ ...base, outcome: 'SETTLED', settlementNo, net: t.net, amount: t.amount });
    } else {
      writes.push(figures.write);
      applied.push({
        ...base, outcome: itemTerms.length ? 'EDITED' : 'NO_TERMS', settlementNo, net: figures.write.net, amount: figures.write.amount,
        ...(figures.awaitingGauge ? { awaitingGauge: true as const } : {}),
      });
      if (t.net !== null && (!sameFigure(figures.write.net, t.net) || !sameFigure(figures.write.amount, t.amount))) {
        moved.push({ t, write: figures.write });
        if (t.notice_line_id && !sameFigure(figures.write.net, t.net)) {
          const m = lineMoves.get(t.notice_line_id) ?? { before: new Decimal(0), after: new Decimal(0) };
          lineMoves.set(t.notice_line_id, { before: m.before.plus(t.net), after: m.after.plus(figures.write.net ?? 0) });
        }
      }
    }
    outcomes.push({ ticketId: t.id, contractId: t.contract_id, deduction: figures.deduction, priceAdjust: figures.priceAdjust, rejected: judged.rejected, items: judged.items, settlementNo });
  }
  await repo.writeApplication(tx, orgId, sampleId, who.userId, writes, outcomes);
  // lines in id order, as the weighing's batch calls take them
  for (const [lineId, m] of [...lineMoves].sort(([a], [b]) => Number(a) - Number(b))) {
    await uncompleteOnLine(tx, orgId, lineId, m.before);
    await completeOnLine(tx, orgId, lineId, 0, m.after);
  }
  // the ledger reads only the company and the user of who moved the money
  const actor = { orgId, groupId: '', userId: who.userId, username: who.name } as Who;
  for (const { t, write: after } of moved) {
    if (t.kind === 'sa') {
      if (!sameFigure(after.net, t.net)) await redrawGrant(tx, orgId, t.id, `样品 ${sample.blind_code}`, after.net ?? '0');
      await followTicketAmount(tx, actor, { id: t.id, ticket_no: t.ticket_no, kind: 'sa' });
    }
  }
  // a posted ticket's stock follows its new net: the difference as a correcting record (the stock lock last)
  for (const { t, write: after } of moved) {
    if (t.state === 'POSTED' && !sameFigure(after.net, t.net)) await correctTicketStock(tx, orgId, t.id, t.net as string, after.net ?? '0', who.userId);
  }
  return { sampleId, tickets: applied, detail: summary(applied) };
}

interface Figures { deduction: string; priceAdjust: string; write: repo.TicketWrite; awaitingGauge?: boolean }

const sameFigure = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

/**
 * One ticket's new figures: the deduction is a share of its net before the quality deduction
 * (gross - tare - its other deductions), rounded as the company records weights; a ticket not yet
 * completed takes it as a rate, so its second weighing deducts it.
 */
function figuresOf(t: repo.SampleTicket, own: repo.DeductionRow[], judged: SampleJudgement, params: WeighParams, blindCode: string): Figures {
  const others: Deduction[] = own.filter((d) => DB_KIND[d.kind]).map((d) => (d.mode === 'RATE' ? { kind: DB_KIND[d.kind], rate: new Decimal(d.value) } : { kind: DB_KIND[d.kind], amount: new Decimal(d.value) }));
  const hidden = new Decimal(own.find((d) => d.kind === 'HIDDEN')?.amount ?? 0);
  const priceAdjust = ticketQuality(judged, new Decimal(0), params.unitPricePrecision).priceAdjust;
  if (t.net === null || t.gross === null || t.tare === null) {
    const rate = judged.deductShare.mul(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    return {
      deduction: '0', priceAdjust: priceAdjust.toFixed(),
      write: { id: t.id, quality: rate.isZero() ? null : { mode: 'RATE', value: rate.toFixed(), amount: '0' }, net: t.net, deductTotal: t.deduct_total, amount: t.amount, priceAdjust: priceAdjust.toFixed() },
    };
  }
  const gross = new Decimal(t.gross);
  const tare = new Decimal(t.tare);
  const before = computeNet(gross, tare, others, hidden, params);
  if (!before.ok) throw badRequest(`样品 ${blindCode}：${before.message}`, 'sampleId');
  const deduction = roundWeight(ticketQuality(judged, before.net, params.unitPricePrecision).deduction, params);
  const after = computeNet(gross, tare, deduction.isZero() ? others : [...others, { kind: 'quality', amount: deduction }], hidden, params);
  if (!after.ok) throw badRequest(`样品 ${blindCode}：${after.message}`, 'sampleId');
  const priced = basisAmount(t, after.net, t.price, params.moneyPrecision, priceAdjust);
  if (!priced.ok) throw badRequest(`样品 ${blindCode}：${priced.message}`, 'sampleId');
  return {
    deduction: deduction.toFixed(), priceAdjust: priceAdjust.toFixed(), awaitingGauge: priced.awaitingGauge === true,
    write: {
      id: t.id, quality: deduction.isZero() ? null : { mode: 'AMOUNT', value: deduction.toFixed(), amount: deduction.toFixed() },
      net: after.net.toFixed(), deductTotal: after.deducted.toFixed(), amount: priced.amount, priceAdjust: priceAdjust.toFixed(),
    },
  };
}

function summary(tickets: AppliedTicket[]): string {
  const edited = tickets.filter((t) => t.outcome === 'EDITED').length;
  const settled = tickets.filter((t) => t.outcome === 'SETTLED');
  const tons = tickets.reduce((s, t) => s.plus(t.deduction), new Decimal(0));
  const parts = [`应用化验结果：磅单 ${tickets.length} 张，修改 ${edited} 张，质量扣重合计 ${tons.toFixed()} 吨`];
  if (settled.length) parts.push(`已结算 ${settled.length} 张记入结算调整：${[...new Set(settled.map((t) => t.settlementNo))].join('、')}`);
  const rejected = tickets.filter((t) => t.rejected).length;
  if (rejected) parts.push(`超出拒收限值 ${rejected} 张`);
  const awaiting = tickets.filter((t) => t.awaitingGauge).length;
  if (awaiting) parts.push(`按检尺方量计价尚未检尺 ${awaiting} 张，检尺后计价`);
  return parts.join('；');
}
