import { describe, expect, it } from 'vitest';
import { ALL_TEMPLATES } from '../../domain/templates';
import type { FieldDef, TemplateDef } from './define';
import { checkPopupLists } from './popup-list';

const plate: FieldDef = { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldType: 'TEXT', columnSql: 't.plate_number', iallowQuery: true };
const carType: FieldDef = { fieldName: 'carType', fieldExplain: '车型', fieldType: 'TEXT', columnSql: 't.car_type' };
const enabled: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldType: 'BOOLEAN', columnSql: 't.enabled', iallowQuery: true };

const list: TemplateDef = {
  formatCode: 'test.vehicles', formatName: '车辆', formatType: 'LIST', formatStyle: 'FORMAT_LIST_BASE', mainTable: 'md_vehicle',
  resUrl: '/api/test/vehicle/v2/list', fields: [plate, carType, enabled],
};
const popup = (over: Partial<TemplateDef>): TemplateDef => ({
  formatCode: 'test.vehicles.pick', formatName: '选择车辆', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_vehicle', resUrl: list.resUrl, fields: [plate, carType], ...over,
});

describe('a popup checked against the list its resUrl names', () => {
  it('accepts every popup the server seeds', () => {
    expect(() => checkPopupLists(ALL_TEMPLATES)).not.toThrow();
  });

  it('accepts parameters and searchable fields the list takes', () => {
    expect(() => checkPopupLists([list, popup({ params: [{ key: 'enabled', op: 'eq', val: true }] })])).not.toThrow();
  });

  it('refuses a parameter the list does not search by, though the popup itself declares the field searchable', () => {
    const own = popup({ fields: [plate, { ...carType, iallowQuery: true }], params: [{ key: 'carType', op: 'like', val: 'x' }] });
    expect(() => checkPopupLists([list, own])).toThrow(/test\.vehicles\.pick: 查询参数 carType 不被弹窗列表 \/api\/test\/vehicle\/v2\/list 接受：字段 carType 不允许查询/);
  });

  it('refuses a parameter value or operator the list would refuse', () => {
    expect(() => checkPopupLists([list, popup({ params: [{ key: 'enabled', op: 'eq', val: 'maybe' }] })])).toThrow(/查询参数 enabled/);
    expect(() => checkPopupLists([list, popup({ params: [{ key: 'nope', op: 'eq', val: 1 }] })])).toThrow(/查询参数 nope/);
  });

  it('refuses a popup field searchable in the popup but not in the list', () => {
    expect(() => checkPopupLists([list, popup({ fields: [plate, { ...carType, iallowQuery: true }] })])).toThrow(/字段 carType 在弹窗列表 \/api\/test\/vehicle\/v2\/list 中不允许查询/);
  });

  it('leaves a popup whose resUrl names no declared list to its own route', () => {
    expect(() => checkPopupLists([popup({ resUrl: '/api/test/own', params: [{ key: 'nope', op: 'eq', val: 1 }] })])).not.toThrow();
  });
});
