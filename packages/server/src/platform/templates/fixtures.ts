import { defineTemplate } from './define';

/**
 * A popup resource and a form that opens it, for the tests of the template store and calls: the
 * families seed none yet.
 */
export const vehiclePicker = defineTemplate({
  formatCode: 'test.vehicle.pick',
  formatName: '选择车辆', formatNameEn: 'Select vehicle',
  formatType: 'RESOURCE',
  formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_vehicle',
  resMethod: 'POST',
  resUrl: '/api/masterdata/vehicle/v2/list',
  valueResourceSubName: 'plateNumber',
  viewResourceSubName: 'plateNumber',
  params: [{ key: 'enabled', op: 'eq', val: true }],
  fields: [
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate number', fieldType: 'TEXT', columnSql: 't.plate_number', iallowQuery: true },
    { fieldName: 'carType', fieldExplain: '车型', fieldExplainEn: 'Vehicle type', fieldType: 'TEXT', columnSql: 't.car_type' },
  ],
});

export const registryForm = defineTemplate({
  formatCode: 'test.registry.form',
  formatName: '登记单', formatNameEn: 'Registration',
  formatType: 'FORM',
  formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  mainTable: 'md_vehicle',
  buttonPermission: 'md_vehicle_view',
  fields: [
    {
      fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate number', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
      validateMethod: '^.{7,8}$', validateTitle: '车牌号应为7到8位',
      resource: {
        formatCode: 'test.vehicle.pick',
        map: [
          { masterTable: 'registry', fieldName: 'plateNumber', from: 'plateNumber' },
          { masterTable: 'registry', fieldName: 'carType', from: 'carType' },
        ],
      },
    },
    { fieldName: 'carType', fieldExplain: '车型', fieldExplainEn: 'Vehicle type', fieldType: 'TEXT', formSubmitType: 'ONE_TXT' },
  ],
});
