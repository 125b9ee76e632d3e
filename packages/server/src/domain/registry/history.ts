import { defineListTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { KIND_INFO, registryBase, registryView, type RegistryKind } from './kinds';

/**
 * 出厂记录: the gate's history of released trips of one kind (hisRelease), newest release first.
 * What a gate keeper looks back for: the truck, its driver, what it came for, what it was sent to
 * load and what its ticket weighed, and how long it stayed in the plant.
 */
const sub = (sql: string) => `(${sql})`;
const noticeNo = sub('SELECT n.notice_no FROM wb_notice n WHERE n.id = t.notice_id');
const materialName = sub('SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id');
// the net of the trip's finished ticket; a trip closed by confirmation (车辆重出/空出) has none
const ticketNet = sub("SELECT trim_scale(k.net) FROM wb_ticket k WHERE k.registry_id = t.id AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED')");
const ticketNo = sub('SELECT k.ticket_no FROM wb_ticket k WHERE k.registry_id = t.id ORDER BY k.id DESC LIMIT 1');
// whole minutes between gate-in and gate-out (a trip let out without a gate-in has none)
const minutesIn = 'floor(extract(epoch FROM (t.released_at - t.entered_at)) / 60)::integer';

export const HISTORY_STATE = 'RELEASED';

export const historyMenuPath = (kind: RegistryKind) => `/registry/history/${kind}`;
export const historyFormat = (kind: RegistryKind) => `registry.${kind}.history`;

function historyFields(kind: RegistryKind): FieldDef[] {
  const withNotice = KIND_INFO[kind].withNotice;
  return [
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'registryNo', fieldExplain: '登记单号', fieldExplainEn: 'Registry no.', fieldType: 'TEXT', columnSql: 't.registry_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', columnWidth: 150 },
    { fieldName: 'driverName', fieldExplain: '司机', fieldExplainEn: 'Driver', fieldType: 'TEXT', columnSql: 't.driver_name', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 80 },
    ...(withNotice ? [
      { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: noticeNo,
        iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 } as FieldDef,
    ] : []),
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 100 },
    { fieldName: 'preQuantity', fieldExplain: '预装数', fieldExplainEn: 'Pre-load (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 'trim_scale(t.pre_quantity)', itotal: true, isortField: true, columnWidth: 80 },
    { fieldName: 'net', fieldExplain: '净重', fieldExplainEn: 'Net (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: ticketNet, itotal: true, columnWidth: 80 },
    { fieldName: 'enteredAt', fieldExplain: '入厂时间', fieldExplainEn: 'Entered', fieldType: 'DATE', columnSql: 't.entered_at',
      iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 150 },
    { fieldName: 'releasedAt', fieldExplain: '出厂时间', fieldExplainEn: 'Released', fieldType: 'DATE', columnSql: 't.released_at',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 150 },
    { fieldName: 'minutesInPlant', fieldExplain: '在厂时长(分)', fieldExplainEn: 'In plant (min)', fieldType: 'NUMBER', columnSql: minutesIn, isortField: true, columnWidth: 120 },
    { fieldName: 'releaseKind', fieldExplain: '出厂方式', fieldExplainEn: 'Left as', fieldType: 'ENUM', columnSql: 't.release_kind', iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90,
      options: [
        { value: 'NORMAL', label: '正常出厂', labelEn: 'Normal' },
        { value: 'SINGLE_WEIGH', label: '车辆重出', labelEn: 'Left loaded' },
        { value: 'SINGLE_EMPTY', label: '车辆空出', labelEn: 'Left empty' },
      ] },
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', columnSql: ticketNo, columnWidth: 150 },
    { fieldName: 'driverMobile', fieldExplain: '司机手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', columnSql: 't.driver_mobile', columnWidth: 120 },
    // the route's fixed filter (an option list, so quick search leaves it out)
    { fieldName: 'tripState', fieldExplain: '车辆状态', fieldExplainEn: 'Truck', fieldType: 'ENUM', columnSql: 't.trip_state', iallowQuery: true, searchType: 'comboxSingle',
      ishow: false, ihidden: true, options: [{ value: HISTORY_STATE, label: '已出厂', labelEn: 'Out' }] },
    { fieldName: 'id', fieldExplain: '编号', fieldExplainEn: 'Id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
  ];
}

export function historyTemplateOf(kind: RegistryKind): TemplateDef {
  const info = KIND_INFO[kind];
  return defineListTemplate({
    formatCode: historyFormat(kind), formatName: `${info.label.replace('登记单', '')}出厂记录`, formatNameEn: `${info.en.replace(' registries', '')} released trips`,
    mainTable: registryView(kind), ownerColumn: 'created_by', resUrl: `${registryBase(kind)}/hisRelease`, menuPath: historyMenuPath(kind), fields: historyFields(kind),
  });
}
