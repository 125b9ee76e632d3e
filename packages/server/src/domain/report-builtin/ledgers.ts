import { type ReportParam, WEIGH_KIND_NAMES } from '@wb/protocol';
import type { ReportDataset } from '../../platform/reports/dataset';
import { REPORT_BUILTIN_PERMISSIONS as P } from './permissions';
import { addDays, DONE_STATES, kindOptions, readId, readKind, readRange, readText } from './rules';
import { Sql } from './sql';

/**
 * The ledgers' reports: stock (opening, in, out, closing), sales and purchase money (settled and
 * unsettled), freight (per carrier and route) and the operators' work (the anti-fraud review's
 * figures). Each period is a range of plant days, both inclusive: from the instant the first day
 * starts in the plant's zone to the instant the day after the last one starts.
 */

const period = (title = '期间', titleEn = 'Period'): ReportParam => ({
  key: 'period', title, titleEn, type: 'dateRange', required: true, default: '${monthStart},${today}',
});

/** The instants [start, end) of the period parameter. */
function periodBounds(q: Sql, params: Record<string, unknown>, timeZone: string, title = '期间'): { start: string; end: string } {
  const { from, to } = readRange(params, 'period', title);
  return { start: q.dayStart(from, timeZone), end: q.dayStart(addDays(to, 1), timeZone) };
}

/**
 * 库存报表: per warehouse and material, the stock at the period's start, what went in and out
 * during it and the stock at its end, from the stock records. A record counts from the instant it
 * was posted; a record taken back (reversed) stops counting at the instant it was reversed, as the
 * balance moved back then: so the closing stock of a period ending today is the balance, and a
 * period in the past shows the stock as it stood. Opening stock (EARLY) counts as in.
 */
export const stockDataset: ReportDataset = {
  key: 'stock.period',
  name: '库存报表',
  nameEn: 'Stock report',
  permission: P.stock,
  executor: 'app',
  params: [
    period(),
    { key: 'warehouseId', title: '仓库', titleEn: 'Warehouse', type: 'warehouse' },
    { key: 'materialId', title: '物料', titleEn: 'Material', type: 'material' },
  ],
  fields: [
    { key: 'warehouseCode', title: '仓库编码', titleEn: 'Warehouse code', type: 'text' },
    { key: 'warehouseName', title: '仓库', titleEn: 'Warehouse', type: 'text' },
    { key: 'materialCode', title: '物料编码', titleEn: 'Material code', type: 'text' },
    { key: 'materialName', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'opening', title: '期初', titleEn: 'Opening', type: 'weight', total: true },
    { key: 'quantityIn', title: '入库', titleEn: 'In', type: 'weight', total: true },
    { key: 'quantityOut', title: '出库', titleEn: 'Out', type: 'weight', total: true },
    { key: 'closing', title: '期末', titleEn: 'Closing', type: 'weight', total: true },
  ],
  query(input) {
    const q = new Sql();
    const { start, end } = periodBounds(q, input.params, input.timeZone);
    const warehouse = readId(input.params.warehouseId, 'warehouseId', '仓库');
    const material = readId(input.params.materialId, 'materialId', '物料');
    const org = q.v(input.orgId);
    const only = (warehouse ? ` AND warehouse_id = ${q.v(warehouse)}` : '') + (material ? ` AND material_id = ${q.v(material)}` : '');
    const text = `
      WITH b AS (SELECT ${start} AS s, ${end} AS e),
      mv AS (
        SELECT warehouse_id, material_id, direction, quantity AS q, posted_at AS at
          FROM wb_stock_record, b WHERE org_id = ${org} AND posted_at < b.e${only}
        UNION ALL
        SELECT warehouse_id, material_id, direction, -quantity, reversed_at
          FROM wb_stock_record, b WHERE org_id = ${org} AND reversed_at < b.e${only}),
      g AS (
        SELECT warehouse_id, material_id,
               coalesce(sum(CASE WHEN direction = 'OUT' THEN -q ELSE q END) FILTER (WHERE at < b.s), 0) AS opening,
               coalesce(sum(q) FILTER (WHERE at >= b.s AND direction <> 'OUT'), 0) AS qin,
               coalesce(sum(q) FILTER (WHERE at >= b.s AND direction = 'OUT'), 0) AS qout
          FROM mv, b GROUP BY 1, 2)
      SELECT w.ware_code AS "warehouseCode", w.ware_name AS "warehouseName", m.inv_code AS "materialCode", m.inv_name AS "materialName",
             g.opening::numeric(16,4) AS opening, g.qin::numeric(16,4) AS "quantityIn", g.qout::numeric(16,4) AS "quantityOut",
             (g.opening + g.qin - g.qout)::numeric(16,4) AS closing
        FROM g
        LEFT JOIN md_warehouse w ON w.id = g.warehouse_id
        LEFT JOIN md_material m ON m.id = g.material_id`;
    return q.query(text);
  },
};

/**
 * 销售/采购金额: per month of completion (plant time), counterparty and material, the completed
 * tickets' trips, net and amount, split into settled (a row of a goods settlement past its draft:
 * the row's amount, what the party is charged or paid) and unsettled (in no settlement, or in a
 * draft: the ticket's own amount). The audited trains' wagons (轨道衡) count beside the tickets: a
 * trip each in the month of the train's arrival, their net and the amount their audit stamped
 * ((net - the charged loss) x the stamped price, migration 105), settled by their row alike.
 */
export const moneyDataset: ReportDataset = {
  key: 'money.party',
  name: '销售采购金额',
  nameEn: 'Sales and purchase money',
  permission: P.money,
  executor: 'app',
  params: [
    { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'select', required: true, default: 'sa', options: kindOptions(['sa', 'pu']) },
    period(),
    { key: 'partyId', title: '客户/供应商', titleEn: 'Customer or vendor', type: 'party' },
    { key: 'materialId', title: '物料', titleEn: 'Material', type: 'material' },
  ],
  fields: [
    { key: 'month', title: '月份', titleEn: 'Month', type: 'text' },
    { key: 'kindName', title: '业务类型', titleEn: 'Kind', type: 'text' },
    { key: 'partyCode', title: '往来单位编码', titleEn: 'Party code', type: 'text' },
    { key: 'partyName', title: '往来单位', titleEn: 'Party', type: 'text' },
    { key: 'materialCode', title: '物料编码', titleEn: 'Material code', type: 'text' },
    { key: 'materialName', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'trips', title: '车数', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
    { key: 'settledTrips', title: '已结算车数', titleEn: 'Settled trips', type: 'int', total: true },
    { key: 'settledAmount', title: '已结算金额', titleEn: 'Settled amount', type: 'money', total: true },
    { key: 'unsettledTrips', title: '未结算车数', titleEn: 'Unsettled trips', type: 'int', total: true },
    { key: 'unsettledAmount', title: '未结算金额', titleEn: 'Unsettled amount', type: 'money', total: true },
  ],
  query(input) {
    const kind = readKind(input.params.kind, 'kind', ['sa', 'pu']) ?? 'sa';
    const q = new Sql();
    const { start, end } = periodBounds(q, input.params, input.timeZone);
    const party = readId(input.params.partyId, 'partyId', '客户/供应商');
    const material = readId(input.params.materialId, 'materialId', '物料');
    const partyCol = kind === 'sa' ? 'customer_id' : 'vendor_id';
    const tz = q.v(input.timeZone);
    const org = q.v(input.orgId);
    const text = `
      WITH f AS (
        SELECT t.completed_at AS at, t.${partyCol} AS party_id, t.material_id, t.net, t.amount, s.id IS NOT NULL AS settled, r.amount AS settled_amount
          FROM wb_ticket t
          -- a goods settlement's claim on a ticket is its row (UNIQUE (scope, ticket_id))
          LEFT JOIN (wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT')
            ON r.org_id = t.org_id AND r.scope = 'GOODS' AND r.ticket_id = t.id
         WHERE t.org_id = ${org} AND t.kind = ${q.v(kind)} AND t.state = ANY(${q.v(DONE_STATES)}::text[])
           AND t.completed_at >= ${start} AND t.completed_at < ${end}
           ${party ? `AND t.${partyCol} = ${q.v(party)}` : ''}
           ${material ? `AND t.material_id = ${q.v(material)}` : ''}
        UNION ALL
        -- the audited trains' wagons (轨道衡), a trip each at the train's arrival, at the amount
        -- their audit stamped; settled as a ticket is, by their row (UNIQUE (scope, wagon_id))
        SELECT tr.arrived_at, tr.${partyCol}, coalesce(w.material_id, tr.material_id), w.net, w.amount, s.id IS NOT NULL, r.amount
          FROM wb_train tr
          JOIN wb_wagon w ON w.org_id = tr.org_id AND w.train_id = tr.id
          LEFT JOIN (wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT')
            ON r.org_id = w.org_id AND r.scope = 'GOODS' AND r.wagon_id = w.id
         WHERE tr.org_id = ${org} AND tr.kind = ${q.v(kind)} AND tr.doc_status = 'AUDITED'
           AND tr.arrived_at >= ${start} AND tr.arrived_at < ${end}
           ${party ? `AND tr.${partyCol} = ${q.v(party)}` : ''}
           ${material ? `AND coalesce(w.material_id, tr.material_id) = ${q.v(material)}` : ''}),
      g AS (
        SELECT to_char(f.at AT TIME ZONE ${tz}, 'YYYY-MM') AS month, f.party_id, f.material_id,
               count(*)::int AS trips, sum(f.net) AS net, sum(f.amount) AS amount,
               count(*) FILTER (WHERE f.settled)::int AS settled_trips, sum(f.settled_amount) FILTER (WHERE f.settled) AS settled_amount,
               count(*) FILTER (WHERE NOT f.settled)::int AS unsettled_trips, sum(f.amount) FILTER (WHERE NOT f.settled) AS unsettled_amount
          FROM f
         GROUP BY 1, 2, 3)
      SELECT g.month, ${q.v(WEIGH_KIND_NAMES[kind].zh)}::text AS "kindName",
             ${kind === 'sa' ? 'p.customer_code' : 'p.vendor_code'} AS "partyCode", ${kind === 'sa' ? 'p.customer_name' : 'p.vendor_name'} AS "partyName",
             m.inv_code AS "materialCode", m.inv_name AS "materialName",
             g.trips, g.net::numeric(16,4) AS net, round(coalesce(g.amount, 0), 2)::numeric(19,2) AS amount,
             g.settled_trips AS "settledTrips", round(coalesce(g.settled_amount, 0), 2)::numeric(19,2) AS "settledAmount",
             g.unsettled_trips AS "unsettledTrips", round(coalesce(g.unsettled_amount, 0), 2)::numeric(19,2) AS "unsettledAmount"
        FROM g
        LEFT JOIN ${kind === 'sa' ? 'md_customer' : 'md_vendor'} p ON p.id = g.party_id
        LEFT JOIN md_material m ON m.id = g.material_id`;
    return q.query(text);
  },
};

/**
 * 运费报表: per carrier and route (the freight plan's line, or its region), the tickets the plans
 * counted whose trucks completed in the period: hauled tons (the freight basis, else the net),
 * freight, loss (tons) and loss charges, and what is payable (freight less loss charges).
 */
export const freightDataset: ReportDataset = {
  key: 'freight.carrier',
  name: '运费报表',
  nameEn: 'Freight report',
  permission: P.freight,
  executor: 'app',
  params: [
    period(),
    { key: 'carrierId', title: '承运商', titleEn: 'Carrier', type: 'carrier' },
    { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'select', options: kindOptions(['pu', 'sa', 'al', 'tr']) },
  ],
  fields: [
    { key: 'carrierCode', title: '承运商编码', titleEn: 'Carrier code', type: 'text' },
    { key: 'carrierName', title: '承运商', titleEn: 'Carrier', type: 'text' },
    { key: 'route', title: '线路', titleEn: 'Route', type: 'text' },
    { key: 'trips', title: '车数', titleEn: 'Trips', type: 'int', total: true },
    { key: 'tons', title: '运输吨位', titleEn: 'Hauled tons', type: 'weight', total: true },
    { key: 'freight', title: '运费', titleEn: 'Freight', type: 'money', total: true },
    { key: 'loss', title: '途损', titleEn: 'Loss', type: 'weight', total: true },
    { key: 'lossCharge', title: '途损扣款', titleEn: 'Loss charges', type: 'money', total: true },
    { key: 'payable', title: '应付运费', titleEn: 'Payable', type: 'money', total: true },
  ],
  query(input) {
    const q = new Sql();
    const { start, end } = periodBounds(q, input.params, input.timeZone);
    const carrier = readId(input.params.carrierId, 'carrierId', '承运商');
    const kind = readKind(input.params.kind, 'kind', ['pu', 'sa', 'al', 'tr']);
    const org = q.v(input.orgId);
    const text = `
      WITH g AS (
        SELECT p.carrier_id, p.route_id, p.region, count(*)::int AS trips, sum(coalesce(pt.basis_weight, t.net)) AS tons,
               coalesce(sum(pt.freight), 0) AS freight, coalesce(sum(pt.loss), 0) AS loss, coalesce(sum(pt.loss_charge), 0) AS loss_charge
          FROM wb_freight_plan_ticket pt
          JOIN wb_freight_plan p ON p.org_id = pt.org_id AND p.id = pt.plan_id AND p.doc_status <> 'OBSOLETE'
          JOIN wb_ticket t ON t.org_id = pt.org_id AND t.id = pt.ticket_id
         WHERE pt.org_id = ${org} AND t.state = ANY(${q.v(DONE_STATES)}::text[])
           AND t.completed_at >= ${start} AND t.completed_at < ${end}
           ${carrier ? `AND p.carrier_id = ${q.v(carrier)}` : ''}
           ${kind ? `AND p.kind = ${q.v(kind)}` : ''}
         GROUP BY 1, 2, 3)
      SELECT c.carrier_code AS "carrierCode", c.carrier_name AS "carrierName", coalesce(l.line_name, g.region) AS route,
             g.trips, g.tons::numeric(16,4) AS tons, round(g.freight, 2)::numeric(19,2) AS freight, g.loss::numeric(16,4) AS loss,
             round(g.loss_charge, 2)::numeric(19,2) AS "lossCharge", (round(g.freight, 2) - round(g.loss_charge, 2))::numeric(19,2) AS payable
        FROM g
        LEFT JOIN md_carrier c ON c.id = g.carrier_id
        LEFT JOIN md_line l ON l.id = g.route_id`;
    return q.query(text);
  },
};

/**
 * 司磅员报表: per operator and scale, the tickets they weighed, their weighings and how many were
 * typed by hand, the deductions they entered (on the scale of the ticket's last weighing) and the
 * unattended lane's interventions they answered: what the anti-fraud review reads.
 */
export const operatorDataset: ReportDataset = {
  key: 'weighing.operator',
  name: '司磅员报表',
  nameEn: 'Operator report',
  permission: P.operator,
  executor: 'app',
  params: [
    period(),
    { key: 'userId', title: '司磅员', titleEn: 'Operator', type: 'user' },
    // one of the plant's scales (the filter bar offers them: easy/view's `scales`)
    { key: 'scale', title: '磅秤', titleEn: 'Scale', type: 'scale' },
  ],
  fields: [
    { key: 'username', title: '账号', titleEn: 'Account', type: 'text' },
    { key: 'operatorName', title: '司磅员', titleEn: 'Operator', type: 'text' },
    { key: 'scale', title: '磅秤', titleEn: 'Scale', type: 'text' },
    { key: 'tickets', title: '磅单数', titleEn: 'Tickets', type: 'int', total: true },
    { key: 'weighings', title: '过磅次数', titleEn: 'Weighings', type: 'int', total: true },
    { key: 'manualWeighings', title: '手工录入', titleEn: 'Typed weights', type: 'int', total: true },
    { key: 'deductions', title: '扣重笔数', titleEn: 'Deductions', type: 'int', total: true },
    { key: 'deducted', title: '扣重吨位', titleEn: 'Deducted', type: 'weight', total: true },
    { key: 'interventions', title: '干预次数', titleEn: 'Interventions', type: 'int', total: true },
    { key: 'approved', title: '放行', titleEn: 'Let through', type: 'int', total: true },
    { key: 'forbidden', title: '禁止', titleEn: 'Refused', type: 'int', total: true },
  ],
  query(input) {
    const q = new Sql();
    const { start, end } = periodBounds(q, input.params, input.timeZone);
    const user = readId(input.params.userId, 'userId', '司磅员');
    const scale = readText(input.params.scale, 'scale', '磅秤');
    const org = q.v(input.orgId);
    const u = user ? q.v(user) : null;
    const sc = scale ? q.v(scale) : null;
    const text = `
      WITH b AS (SELECT ${start} AS s, ${end} AS e),
      w AS (
        SELECT operator_id AS user_id, coalesce(scale_id, station) AS scale, count(DISTINCT ticket_id)::int AS tickets, count(*)::int AS weighings,
               count(*) FILTER (WHERE source = 'MANUAL')::int AS manual
          FROM wb_weighing, b
         WHERE org_id = ${org} AND weighed_at >= b.s AND weighed_at < b.e AND operator_id IS NOT NULL ${u ? `AND operator_id = ${u}` : ''}
         GROUP BY 1, 2),
      d AS (
        SELECT d.created_by AS user_id, coalesce(x.scale, '') AS scale, count(*)::int AS deductions, sum(d.amount) AS deducted
          FROM wb_ticket_deduction d CROSS JOIN b
          LEFT JOIN LATERAL (
            SELECT coalesce(scale_id, station) AS scale FROM wb_weighing x
             WHERE x.org_id = d.org_id AND x.ticket_id = d.ticket_id ORDER BY x.weighed_at DESC LIMIT 1) x ON true
         WHERE d.org_id = ${org} AND d.created_at >= b.s AND d.created_at < b.e AND d.created_by IS NOT NULL ${u ? `AND d.created_by = ${u}` : ''}
         GROUP BY 1, 2),
      i AS (
        SELECT answered_by AS user_id, scale_id AS scale, count(*)::int AS interventions,
               count(*) FILTER (WHERE state IN ('APPROVED', 'USED'))::int AS approved, count(*) FILTER (WHERE state = 'FORBIDDEN')::int AS forbidden
          FROM wb_lane_intervention, b
         WHERE org_id = ${org} AND answered_at >= b.s AND answered_at < b.e AND answered_by IS NOT NULL ${u ? `AND answered_by = ${u}` : ''}
         GROUP BY 1, 2),
      k AS (SELECT user_id, scale FROM w UNION SELECT user_id, scale FROM d UNION SELECT user_id, scale FROM i)
      SELECT usr.username, usr.real_name AS "operatorName", nullif(k.scale, '') AS scale,
             coalesce(w.tickets, 0) AS tickets, coalesce(w.weighings, 0) AS weighings, coalesce(w.manual, 0) AS "manualWeighings",
             coalesce(d.deductions, 0) AS deductions, coalesce(d.deducted, 0)::numeric(16,4) AS deducted,
             coalesce(i.interventions, 0) AS interventions, coalesce(i.approved, 0) AS approved, coalesce(i.forbidden, 0) AS forbidden
        FROM k
        LEFT JOIN w ON w.user_id = k.user_id AND w.scale = k.scale
        LEFT JOIN d ON d.user_id = k.user_id AND d.scale = k.scale
        LEFT JOIN i ON i.user_id = k.user_id AND i.scale = k.scale
        LEFT JOIN sys_user usr ON usr.id = k.user_id
       ${sc ? `WHERE k.scale = ${sc}` : ''}`;
    return q.query(text);
  },
};
