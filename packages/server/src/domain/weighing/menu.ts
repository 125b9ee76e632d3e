import type { MenuButtonSeed, MenuSeed } from '../../platform/menu/define';
import { TICKET_KIND_INFO, TICKET_KINDS, ticketPermission, type TicketKind } from './kinds';
import { WEIGH_LOG_PATH, WEIGH_LOG_PERMISSION } from './weigh-log-list';

/**
 * The 过磅 (Weighing) menu area: a ticket list per kind with its buttons. Operators weigh and keep
 * tickets; the sampler (who sees the trucks at the sampling point) and accountants look; accountants
 * audit and post. The lab's result entry (ROLE_QUALITY) sees no ticket: a ticket names the truck
 * its blind code came from (domain/quality README, "Who sees what").
 */
const OP = 'ROLE_OPERATOR';
const SA = 'ROLE_SAMPLER';
const AC = 'ROLE_ACCOUNTANT';

/** [component, permission action, 中文, English, roles] */
const BUTTONS: [MenuButtonSeed['component'] | undefined, string, string, string, string[]][] = [
  ['view', 'view', '查看', 'View', [OP, SA, AC]],
  // the first and second weighing calls of the stations and the weighing screen: a right, no list button
  [undefined, 'weigh', '过磅', 'Weigh', [OP]],
  ['create', 'create', '新增', 'Add', [OP]],
  ['update', 'update', '修改', 'Edit', [OP]],
  ['delList', 'delList', '删除', 'Delete', [OP]],
  ['audit', 'audit', '审核', 'Audit', [OP, AC]],
  // a manual ticket (手工单) whose kind has an approval flow is audited by its final approval (approval.ts)
  ['page:submitApproval', 'submitApproval', '提交审批', 'Submit for approval', [OP, AC]],
  ['unaudit', 'unaudit', '反审核', 'Un-audit', [OP, AC]],
  ['batch:down', 'down', '过账', 'Post to stock', [AC]],
  ['batch:reversedown', 'reversedown', '反过账', 'Reverse posting', [AC]],
  ['obsolete', 'obsolete', '作废', 'Void', [OP]],
  ['recover', 'recover', '恢复', 'Recover', [OP]],
  ['export', 'export', '导出', 'Export', [OP, SA, AC]],
  ['one:returnGoods', 'returnGoods', '退货', 'Return goods', [OP, AC]],
  ['batch:merge', 'merge', '合并', 'Merge', [OP, AC]],
  // opens the print page of the chosen ticket in a new tab (web pages/ticket-print)
  ['page:printTicket', 'print', '打印', 'Print', [OP, AC]],
  // the dialogs of one chosen ticket (web pages/ticket-dialogs): its deductions, a new unit price, its parts
  ['page:deductTicket', 'deduct', '扣重', 'Deductions', [OP]],
  ['page:modifyTicketPrice', 'modifyPrice', '修改单价', 'Change price', [AC]],
  ['page:splitTicket', 'split', '拆分', 'Split', [OP, AC]],
  // the watermarked camera snapshots of the ticket's weighings (web pages/ticket-dialogs PicturesDialog)
  ['page:ticketPictures', 'pictures', '抓拍图片', 'Snapshots', [OP, SA, AC]],
  // where its goods were unloaded or loaded (库存地址), before posting (domain/stock/address)
  ['page:ticketStockAddress', 'stockAddress', '库存地址', 'Stock address', [OP, AC]],
  // the yard's measured load of a material bought or sold by volume (web pages/ticket-dialogs GaugeDialog; gauge/gauge.ts)
  ['page:gaugeTicket', 'gauge', '检尺', 'Gauging', [OP]],
  // to the ERP as erp.ticket events (domain/erp); a withdrawal only while the ERP has not taken it
  ['batch:upload', 'upload', '上传ERP', 'Upload to ERP', [AC]],
  ['batch:cancelUpload', 'cancelUpload', '撤销上传', 'Withdraw upload', [AC]],
];

/** A sales ticket's own: the production batch it was loaded from (domain/batch, web pages/ticket-dialogs BatchDialog). */
const SALES_BUTTONS: typeof BUTTONS = [
  ['page:ticketBatch', 'batchNo', '批次号', 'Batch no.', [OP]],
  // the receiver's confirmation the driver's phone took at the destination (domain/driver, web pages/ticket-dialogs ReceiptDialog)
  ['page:ticketReceipt', 'receipt', '收货确认', 'Receipt', [OP, SA, AC]],
];

export const ticketButtons = (kind: TicketKind): MenuButtonSeed[] =>
  [...BUTTONS, ...(kind === 'sa' ? SALES_BUTTONS : [])]
    .map(([component, action, name, en, roles]) => ({ name, en, permission: `${ticketPermission(kind)}_${action}`, ...(component ? { component } : {}), roles }));

export const ticketMenuPath = (kind: TicketKind) => `/weigh/${kind}`;

/** The 过磅 (Weighing) folder's leaves. */
export const WEIGH_LEAVES: MenuSeed[] = [
    // the operator's weighing screen (pages/weighing-station); its calls need each kind's weigh right
    { name: '过磅作业', en: 'Weighing station', path: '/weigh/station', component: 'weighing/station', roles: [OP], buttons: [
      // the scales' live readings on the screen (domain/station live.ts)
      { name: '查看仪表', en: 'View indicators', permission: 'weigh_station_live', roles: [OP] },
      // every weight not taken from an agent's reading is typed (domain/station source-rules.ts) and needs this right,
      // granted to the roles a plant chooses in 角色管理; the demo plant weighs without station agents, so its operators hold it
      { name: '手工过磅', en: 'Manual weighing', permission: 'weigh_manual', roles: [OP] },
    ] },
    ...TICKET_KINDS.map((kind) => ({
      name: TICKET_KIND_INFO[kind].label, en: TICKET_KIND_INFO[kind].en, path: ticketMenuPath(kind), roles: [OP, SA, AC], buttons: ticketButtons(kind),
    })),
  // every weighing call, taken, refused or replayed (weigh-log.ts): the operators' and administrators' trace of a disputed weighing
  { name: '称重日志', en: 'Weigh log', path: WEIGH_LOG_PATH, roles: [OP], buttons: [{ name: '查看称重日志', en: 'View weigh log', permission: WEIGH_LOG_PERMISSION, roles: [OP] }] },
];
