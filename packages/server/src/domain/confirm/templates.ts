import { defineListTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { CONFIRM_GRID_NAMES, CONFIRM_GRIDS, type ConfirmGrid } from './grids';

export const confirmListCode = (grid: ConfirmGrid) => `confirm.${grid}.list`;

const STATE_OPTIONS = [
  { value: 'FIRST_WEIGHED', label: '一次过磅', labelEn: 'First weighed', color: 'orange' }, { value: 'CONFIRMED', label: '已确认', labelEn: 'Confirmed', color: 'blue' },
  { value: 'COMPLETED', label: '已完成', labelEn: 'Completed', color: 'green' }, { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'POSTED', label: '已过账', labelEn: 'Posted', color: 'green' }, { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'default' }, { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
const SAMPLE_OPTIONS = [{ value: 'QUALIFIED', label: '合格', labelEn: 'Qualified', color: 'green' }, { value: 'UNQUALIFIED', label: '不合格', labelEn: 'Unqualified', color: 'red' }];

const name = (table: string, col: string, idCol: string) => `(SELECT x.${col} FROM ${table} x WHERE x.id = t.${idCol})`;

/** The columns a site worker reads at the unloading or loading point, and the facts the buttons are decided on. */
function gridFields(sampling: boolean): FieldDef[] {
  const shown: FieldDef[] = [
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', columnSql: 't.ticket_no', iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 110 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: name('md_material', 'inv_name', 'material_id'), iallowQuery: true, searchType: 'input', columnWidth: 130 },
    { fieldName: 'partnerName', fieldExplain: '客商', fieldExplainEn: 'Counterparty', fieldType: 'TEXT',
      columnSql: `coalesce(${name('md_vendor', 'vendor_name', 'vendor_id')}, ${name('md_customer', 'customer_name', 'customer_id')})`, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'warehouseName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: name('md_warehouse', 'ware_name', 'warehouse_id'), columnWidth: 110 },
    { fieldName: 'stockAddressName', fieldExplain: '库存地址', fieldExplainEn: 'Stock address', fieldType: 'TEXT', columnSql: name('md_stock_address', 'address_name', 'stock_address_id'), columnWidth: 120 },
    { fieldName: 'firstWeight', fieldExplain: '一次重量(吨)', fieldExplainEn: 'First weight (t)', fieldType: 'NUMBER', displayKind: 'weight',
      columnSql: "trim_scale(CASE WHEN t.first_is = 'GROSS' THEN t.gross ELSE t.tare END)", columnWidth: 110 },
    { fieldName: 'firstTime', fieldExplain: '一次过磅时间', fieldExplainEn: 'First weighed', fieldType: 'DATE',
      columnSql: "CASE WHEN t.first_is = 'GROSS' THEN t.gross_time ELSE t.tare_time END", isortField: true, iallowAdvanceQuery: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'state', fieldExplain: '磅单状态', fieldExplainEn: 'Ticket state', fieldType: 'ENUM', columnSql: 't.state', options: STATE_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
  ];
  const confirmCols: FieldDef[] = sampling
    ? [
      { fieldName: 'sampleState', fieldExplain: '取样结果', fieldExplainEn: 'Sample', fieldType: 'ENUM', columnSql: 't.sample_state', options: SAMPLE_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
      { fieldName: 'sampleCount', fieldExplain: '样品数', fieldExplainEn: 'Samples', fieldType: 'NUMBER', columnSql: 't.sample_count', columnWidth: 80 },
      { fieldName: 'sampledOn', fieldExplain: '取样日期', fieldExplainEn: 'Sampled on', fieldType: 'TEXT', columnSql: "to_char(t.sampled_on, 'YYYY-MM-DD')", columnWidth: 110 },
    ]
    : [
      { fieldName: 'confirmedAt', fieldExplain: '确认时间', fieldExplainEn: 'Confirmed', fieldType: 'DATE', columnSql: 't.confirmed_at', columnWidth: 170 },
      { fieldName: 'deductions', fieldExplain: '扣重', fieldExplainEn: 'Deductions', fieldType: 'TEXT', columnWidth: 180,
        columnSql: "(SELECT string_agg(d.kind || ':' || d.mode || ':' || d.value::text, ',' ORDER BY d.kind) FROM wb_ticket_deduction d WHERE d.ticket_id = t.id AND d.kind IN ('WATER','IMPURITY','DETRITUS','STONE','OTHER'))" },
      { fieldName: 'reNums', fieldExplain: '件数', fieldExplainEn: 'Pieces', fieldType: 'NUMBER', columnSql: 't.re_nums', columnWidth: 70 },
    ];
  // what the buttons are decided on; not shown
  const facts: FieldDef[] = [
    { fieldName: 'kind', fieldExplain: '业务类型', fieldExplainEn: 'Kind', fieldType: 'TEXT', columnSql: 't.kind', iallowQuery: true, ishow: false, ihidden: true },
    { fieldName: 'side', fieldExplain: '收发', fieldExplainEn: 'Side', fieldType: 'TEXT', columnSql: "coalesce(t.side, '')", iallowQuery: true, ishow: false, ihidden: true },
    { fieldName: 'atSite', fieldExplain: '待确认', fieldExplainEn: 'At the site', fieldType: 'BOOLEAN', columnSql: "t.state IN ('FIRST_WEIGHED', 'CONFIRMED')", iallowQuery: true, ishow: false, ihidden: true },
    { fieldName: 'isSample', fieldExplain: '需取样', fieldExplainEn: 'Sampled', fieldType: 'BOOLEAN', columnSql: 'coalesce((SELECT m.is_sample FROM md_material m WHERE m.id = t.material_id), false)', iallowQuery: true, ishow: false, ihidden: true },
    { fieldName: 'sceneConfirm', fieldExplain: '需现场确认', fieldExplainEn: 'Site confirmation', fieldType: 'BOOLEAN', columnSql: 'coalesce((SELECT m.scene_confirm FROM md_material m WHERE m.id = t.material_id), false)', ishow: false, ihidden: true },
    { fieldName: 'uploaded', fieldExplain: '已上传', fieldExplainEn: 'Uploaded', fieldType: 'BOOLEAN', columnSql: 't.uploaded_at IS NOT NULL', ishow: false, ihidden: true },
    { fieldName: 'isReturn', fieldExplain: '退货单', fieldExplainEn: 'Return', fieldType: 'BOOLEAN', columnSql: 't.source_ticket_id IS NOT NULL', ishow: false, ihidden: true },
    { fieldName: 'returned', fieldExplain: '已退货', fieldExplainEn: 'Returned', fieldType: 'BOOLEAN', columnSql: "EXISTS (SELECT 1 FROM wb_ticket r WHERE r.source_ticket_id = t.id AND r.state <> 'OBSOLETE')", ishow: false, ihidden: true },
    { fieldName: 'hasFirstWeighing', fieldExplain: '已一次过磅', fieldExplainEn: 'First weighed', fieldType: 'BOOLEAN', columnSql: '(t.gross IS NOT NULL OR t.tare IS NOT NULL)', ishow: false, ihidden: true },
    { fieldName: 'rawSampleState', fieldExplain: '取样状态', fieldExplainEn: 'Sample state', fieldType: 'TEXT', columnSql: 't.sample_state', ishow: false, ihidden: true },
    { fieldName: 'version', fieldExplain: '版本', fieldExplainEn: 'Version', fieldType: 'NUMBER', columnSql: 't.version', ishow: false, ihidden: true },
    { fieldName: 'createDate', fieldExplain: '创建时间', fieldExplainEn: 'Created', fieldType: 'DATE', columnSql: 't.created_at', isortField: true, idefinedSort: true, sortMethod: 'desc', ishow: false, ihidden: true },
  ];
  return [...shown, ...confirmCols, ...facts];
}

export const CONFIRM_TEMPLATES: TemplateDef[] = CONFIRM_GRID_NAMES.map((grid) => {
  const g = CONFIRM_GRIDS[grid];
  return defineListTemplate({
    formatCode: confirmListCode(grid), formatName: g.label, formatNameEn: g.labelEn, mainTable: 'wb_ticket', ownerColumn: 'created_by',
    resUrl: `/api/confirm/${grid}/v2/list`, menuPath: g.menuPath, fields: gridFields(g.sampling),
  });
});
