import { describe, expect, it } from 'vitest';
import { controlAllows, controllingFields, parseControlValue } from '../control-value';
import { columnsOf, fieldSpan, isFieldReadOnly, isFieldShown } from '../layout';
import { autocompleteRequest, suggestionRows, valuesFromSuggestion, visibleFields } from '../autocomplete';
import { baseSubmitType, isKnownSubmitType } from '../submit-types';
import { field } from './field';

describe('controlValue', () => {
  it('shows the trailer fields only while hasTrailer is yes', () => {
    expect(controlAllows('hasTrailer=true', { hasTrailer: true })).toBe(true);
    expect(controlAllows('hasTrailer=true', { hasTrailer: false })).toBe(false);
    expect(controlAllows('hasTrailer=true', {})).toBe(false);
  });
  it('reads alternatives, negation and several conditions', () => {
    expect(controlAllows('carType=TRUCK|TRACTOR', { carType: 'TRACTOR' })).toBe(true);
    expect(controlAllows('carType!=TRUCK', { carType: 'TRUCK' })).toBe(false);
    expect(controlAllows('a=1&b=2', { a: 1, b: 2 })).toBe(true);
    expect(controlAllows('a=1&b=2', { a: 1, b: 3 })).toBe(false);
    expect(controllingFields(['a=1&b=2', null, 'hasTrailer=true'])).toEqual(['a', 'b', 'hasTrailer']);
  });
  it('hides nothing when malformed', () => {
    expect(parseControlValue('no condition')).toBeNull();
    expect(controlAllows('no condition', {})).toBe(true);
  });
  it('goes with ishow and ihidden', () => {
    expect(isFieldShown(field({ fieldName: 'a', ishow: false }), {})).toBe(false);
    expect(isFieldShown(field({ fieldName: 'a', ihidden: true }), {})).toBe(false);
    expect(isFieldShown(field({ fieldName: 'a', controlValue: 'x=1' }), { x: '1' })).toBe(true);
  });
});

describe('layout', () => {
  it('puts two fields on a row of a four-column form and four of an eight-column one', () => {
    expect(fieldSpan(field({ fieldName: 'a' }), columnsOf('FORMAT_FOUR_COLUMN_FROM')).xl).toBe(12);
    expect(fieldSpan(field({ fieldName: 'a' }), columnsOf('FORMAT_EIGHT_COLUMN_FROM')).xl).toBe(6);
    // narrower windows: two fields on a row, one on a phone
    expect(fieldSpan(field({ fieldName: 'a' }), 8)).toEqual({ xs: 24, md: 12, xl: 6 });
    expect(columnsOf('FORMAT_MASTER_CHILD_FROM')).toBe(8);
  });
  it('gives remarks and multi-line fields the whole row', () => {
    expect(fieldSpan(field({ fieldName: 'remark' }), 8)).toEqual({ xs: 24, md: 24, xl: 24 });
    expect(fieldSpan(field({ fieldName: 'note', formSubmitType: 'TEXTAREA' }), 8).xl).toBe(24);
  });
  it('makes a field read-only when not updatable in an update, and every field when weighing', () => {
    const fixed = field({ fieldName: 'plateNumber', iupdate: false });
    expect(isFieldReadOnly(fixed, 'create')).toBe(false);
    expect(isFieldReadOnly(fixed, 'update')).toBe(true);
    expect(isFieldReadOnly(fixed, 'safeUpdate')).toBe(true);
    expect(isFieldReadOnly(field({ fieldName: 'x' }), 'weigh')).toBe(true);
    expect(isFieldReadOnly(field({ fieldName: 'x' }), 'update')).toBe(false);
  });
  it('knows every submit type of the spec and no other', () => {
    expect(isKnownSubmitType('IMG_VIEW')).toBe(true);
    expect(isKnownSubmitType('DATA_BOX_TIM_HH:mm')).toBe(true);
    expect(isKnownSubmitType('SIGNATURE_PAD')).toBe(false);
    expect(baseSubmitType(null)).toBe('ONE_TXT');
  });
});

describe('autocomplete', () => {
  it('fills {search} with the typed text without spaces', () => {
    expect(autocompleteRequest('/api/masterdata/vehicle/autocomplete?search={search}', ' 浙A 12 ')).toEqual({
      method: 'GET', path: `/masterdata/vehicle/autocomplete?search=${encodeURIComponent('浙A12')}`,
    });
  });
  it('posts the first 10 newest rows when the URL says POST', () => {
    expect(autocompleteRequest('POST /api/masterdata/driver/autocomplete?search={search}', 'li')).toEqual({
      method: 'POST', path: '/masterdata/driver/autocomplete?search=li',
      body: { search: [], limit: { ps: 10, pn: 1 }, sort: [{ key: 'createDate', dir: 'desc' }] },
    });
  });
  it('reads data.list or data', () => {
    expect(suggestionRows({ list: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(suggestionRows([{ a: 2 }])).toEqual([{ a: 2 }]);
    expect(suggestionRows(null)).toEqual([]);
  });
  it('shows at most three fields of a suggestion', () => {
    const options = ['plateNumber', 'carType', 'carOwner', 'axleType'].map((v) => ({ value: v, label: v }));
    expect(visibleFields(field({ fieldName: 'plateNumber', options }))).toEqual(['plateNumber', 'carType', 'carOwner']);
    expect(visibleFields(field({ fieldName: 'plateNumber' }))).toEqual(['plateNumber']);
  });
  it('fills the field and the form fields of the same name', () => {
    const f = field({ fieldName: 'plateNumber' });
    expect(valuesFromSuggestion(f, { id: '9', plateNumber: '浙A12345', carType: '重型', other: 1 }, ['plateNumber', 'carType', 'id']))
      .toEqual({ plateNumber: '浙A12345', carType: '重型' });
  });
  it("keeps the row's own empty value, and falls back to its first shown field only when the row lacks the field", () => {
    const f = field({ fieldName: 'carType', options: [{ value: 'plateNumber', label: '车牌号' }] });
    expect(valuesFromSuggestion(f, { plateNumber: '浙A1', carType: null }, ['carType'])).toEqual({ carType: null });
    expect(valuesFromSuggestion(f, { plateNumber: '浙A1' }, ['carType'])).toEqual({ carType: '浙A1' });
  });
});

describe('widget details', () => {
  it('keeps textarea rows between 1 and 4', async () => {
    const { textareaRows } = await import('../../fields/field-props');
    expect(textareaRows(0)).toBe(2);
    expect(textareaRows(1)).toBe(1);
    expect(textareaRows(9)).toBe(4);
    expect(textareaRows(null)).toBe(2);
  });
});
