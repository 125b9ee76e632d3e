import { defineListTemplate, defineTemplate } from '../../../platform/templates/define';
import { versionColumn } from '../shared/fields';

export const VEHICLE_LIST_CODE = 'masterdata.vehicle.list';

/** Plate colours as the plate cameras report them (migrations/003: md_vehicle.plate_type). */
export const PLATE_TYPES = [
  { value: 'YELLOW', label: '黄牌', labelEn: 'Yellow', color: 'gold' },
  { value: 'BLUE', label: '蓝牌', labelEn: 'Blue', color: 'blue' },
  { value: 'GREEN', label: '绿牌', labelEn: 'Green', color: 'green' },
  { value: 'YELLOW_GREEN', label: '黄绿牌', labelEn: 'Yellow-green', color: 'lime' },
  { value: 'WHITE', label: '白牌', labelEn: 'White' },
  { value: 'BLACK', label: '黑牌', labelEn: 'Black' },
];

/** 车辆: the company's trucks, by plate; the footer totals capacity and last tares. */
export const vehicleListTemplate = defineListTemplate({
  formatCode: VEHICLE_LIST_CODE,
  formatName: '车辆', formatNameEn: 'Vehicles',
  mainTable: 'md_vehicle',
  resUrl: '/api/masterdata/vehicle/v2/list',
  menuPath: '/masterdata/vehicle',
  // the plate (a LINK) opens the truck's details
  detailCode: 'masterdata.vehicle.detail',
  fields: [
    {
      fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate number', fieldType: 'LINK', columnSql: 't.plate_number',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc',
      searchType: 'input', fixed: 'left', columnWidth: 120,
    },
    {
      fieldName: 'plateType', fieldExplain: '车牌颜色', fieldExplainEn: 'Plate colour', fieldType: 'ENUM', columnSql: 't.plate_type',
      options: PLATE_TYPES, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90,
    },
    {
      fieldName: 'carType', fieldExplain: '车型', fieldExplainEn: 'Vehicle type', fieldType: 'TEXT', columnSql: 't.car_type',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 120,
    },
    {
      fieldName: 'axleType', fieldExplain: '轴数', fieldExplainEn: 'Axles', fieldType: 'NUMBER', columnSql: 't.axle_type',
      iallowAdvanceQuery: true, isortField: true, columnWidth: 70,
    },
    {
      fieldName: 'capacityTonnage', fieldExplain: '核定载质量(吨)', fieldExplainEn: 'Rated load (t)', fieldType: 'NUMBER', displayKind: 'weight',
      columnSql: 't.capacity_tonnage', iallowAdvanceQuery: true, isortField: true, itotal: true, columnWidth: 120,
    },
    {
      fieldName: 'lastTare', fieldExplain: '最近皮重(吨)', fieldExplainEn: 'Last tare (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 't.last_tare',
      iallowAdvanceQuery: true, isortField: true, itotal: true, columnWidth: 110,
    },
    {
      fieldName: 'enabled', fieldExplain: '状态', fieldExplainEn: 'Status', fieldType: 'BOOLEAN', columnSql: 't.enabled',
      options: [{ value: true, label: '启用', labelEn: 'Enabled', color: 'green' }, { value: false, label: '停用', labelEn: 'Disabled', color: 'red' }],
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 80,
    },
    {
      fieldName: 'annualReviewDate', fieldExplain: '年审日期', fieldExplainEn: 'Annual review', fieldType: 'DATE',
      columnSql: 't.annual_review_date', iallowAdvanceQuery: true, isortField: true, searchType: 'datePickerRange', columnWidth: 110,
    },
    {
      fieldName: 'createDate', fieldExplain: '创建时间', fieldExplainEn: 'Created', fieldType: 'DATE', columnSql: 't.created_at',
      iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170,
    },
    versionColumn,
  ],
});

/** 选择车辆: the popup forms pick a truck from (IC cards, registries), searched by plate. */
export const vehicleResourceTemplate = defineTemplate({
  formatCode: 'masterdata.vehicle.resource',
  formatName: '选择车辆', formatNameEn: 'Select vehicle',
  formatType: 'RESOURCE',
  formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_vehicle',
  resMethod: 'POST',
  resUrl: '/api/masterdata/vehicle/v2/list',
  valueResourceSubName: 'plateNumber',
  viewResourceSubName: 'plateNumber',
  fields: vehicleListTemplate.fields.filter((f) => ['plateNumber', 'plateType', 'carType', 'axleType', 'capacityTonnage'].includes(f.fieldName)),
});

/** A truck's details in eight columns, read through the list by plate: the list's plate opens them. */
export const vehicleDetailTemplate = defineTemplate({
  formatCode: 'masterdata.vehicle.detail',
  formatName: '车辆详情', formatNameEn: 'Vehicle details',
  formatType: 'RESOURCE',
  formatStyle: 'FORMAT_EIGHT_COLUMN_FROM',
  mainTable: 'md_vehicle',
  resMethod: 'POST',
  resUrl: '/api/masterdata/vehicle/v2/list',
  valueResourceSubName: 'plateNumber',
  fields: vehicleListTemplate.fields.filter((f) => f.fieldName !== 'version').map((f) => ({ ...f, fieldType: f.fieldType === 'LINK' ? 'TEXT' : f.fieldType })),
});
