import { defineListTemplate, type FieldDef } from '../../platform/templates/define';
import { BASIS_OPTIONS } from './rules';

export const LOGISTICS_LIST_CODE = 'purchase.logistics.list';
export const LOGISTICS_URL = '/api/notice/pu/logistics/v2/list';
export const LOGISTICS_MENU = '/purchase/logistics';
export const LOGISTICS_PERMISSION = 'pu_logistics_view';

const notice = (column: string) => `(SELECT n.${column} FROM wb_notice n WHERE n.org_id = t.org_id AND n.id = t.notice_id)`;
const hidden = { ishow: false, ihidden: true } as const;

/**
 * 采购物流: the purchase registries whose trucks are on their way (registered and audited at the
 * vendor's side, not yet let in at the gate), by notice and carrier. The expected arrival is not a
 * column: the list's decoration works it out (module.ts, rules.ts) from the route's history.
 */
export const logisticsListTemplate = defineListTemplate({
  formatCode: LOGISTICS_LIST_CODE, formatName: '采购物流', formatNameEn: 'Purchase logistics', mainTable: 'wb_registry',
  resUrl: LOGISTICS_URL, menuPath: LOGISTICS_MENU,
  fields: [
    { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: notice('notice_no'), iallowQuery: true, searchType: 'input', isortField: true, columnWidth: 170 },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number', iallowQuery: true, searchType: 'input', columnWidth: 110 },
    { fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT', iallowQuery: true, searchType: 'input', columnWidth: 150,
      columnSql: `(SELECT c.carrier_name FROM md_carrier c WHERE c.id = coalesce(t.carrier_id, ${notice('carrier_id')}))` },
    { fieldName: 'dispatchedAt', fieldExplain: '发车时间', fieldExplainEn: 'Dispatched', fieldType: 'DATE', columnSql: 't.created_at',
      iallowQuery: true, searchType: 'dateTimePickerRange', isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 170 },
    { fieldName: 'expectedArrival', fieldExplain: '预计到厂', fieldExplainEn: 'Expected arrival', fieldType: 'DATE', columnWidth: 170 },
    { fieldName: 'arrivalBasis', fieldExplain: '预计依据', fieldExplainEn: 'Expected by', fieldType: 'ENUM', options: BASIS_OPTIONS, columnWidth: 120 },
    { fieldName: 'transitMinutes', fieldExplain: '在途时长(分钟)', fieldExplainEn: 'On the road (min)', fieldType: 'NUMBER', columnWidth: 120 },
    { fieldName: 'overdue', fieldExplain: '已超时', fieldExplainEn: 'Late', fieldType: 'BOOLEAN', columnWidth: 80 },
    { fieldName: 'vendorName', fieldExplain: '供应商', fieldExplainEn: 'Vendor', fieldType: 'TEXT', iallowQuery: true, searchType: 'input', columnWidth: 150,
      columnSql: `(SELECT v.vendor_name FROM md_vendor v WHERE v.id = ${notice('vendor_id')})` },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)', columnWidth: 120 },
    { fieldName: 'shippedQuantity', fieldExplain: '原发数', fieldExplainEn: 'Shipped', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 't.shipped_quantity', itotal: true, columnWidth: 100 },
    { fieldName: 'driverName', fieldExplain: '司机', fieldExplainEn: 'Driver', fieldType: 'TEXT', columnSql: 't.driver_name', columnWidth: 90 },
    { fieldName: 'driverMobile', fieldExplain: '司机电话', fieldExplainEn: 'Driver phone', fieldType: 'TEXT', columnSql: 't.driver_mobile', columnWidth: 120 },
    { fieldName: 'registryNo', fieldExplain: '登记单号', fieldExplainEn: 'Registry no.', fieldType: 'TEXT', columnSql: 't.registry_no', iallowQuery: true, searchType: 'input', columnWidth: 170 },
    // what the decoration and the forced conditions read; not shown
    { fieldName: 'vendorId', fieldExplain: '供应商ID', fieldExplainEn: 'Vendor id', fieldType: 'TEXT', columnSql: `${notice('vendor_id')}::text`, ...hidden },
    { fieldName: 'routeMinutes', fieldExplain: '线路在途时长', fieldExplainEn: 'Route time', fieldType: 'NUMBER', ...hidden,
      columnSql: `(SELECT l.transit_minutes FROM md_line l WHERE l.org_id = t.org_id AND l.id = coalesce(t.line_id, ${notice('line_id')}))` },
    { fieldName: 'noticeId', fieldExplain: '通知单ID', fieldExplainEn: 'Notice id', fieldType: 'TEXT', columnSql: 't.notice_id::text', iallowQuery: true, searchType: 'input', ...hidden },
    { fieldName: 'kind', fieldExplain: '业务类型', fieldExplainEn: 'Kind', fieldType: 'TEXT', columnSql: 't.kind', iallowQuery: true, searchType: 'input', ...hidden },
    { fieldName: 'tripState', fieldExplain: '车辆状态', fieldExplainEn: 'Trip', fieldType: 'TEXT', columnSql: 't.trip_state', iallowQuery: true, searchType: 'input', ...hidden },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'TEXT', columnSql: 't.doc_status', iallowQuery: true, searchType: 'input', ...hidden },
    { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', columnSql: 't.enabled', iallowQuery: true, searchType: 'comboxSingle', ...hidden },
  ] satisfies FieldDef[],
});
