import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { toSaveValue, toSaveValues } from '../save-values';
import { fromFormValue, toFormValue, displayFormat } from '../form-values';
import { enterPlate, PROVINCE_BY_LETTER } from '../plate-entry';
import { collectEntity } from '../../collect';
import { field } from './field';

describe('values on save', () => {
  it('trims strings and sends blanks as null', () => {
    expect(toSaveValues({ a: '  浙A12345 ', b: '', c: '   ', d: undefined, e: null, f: [] })).toEqual({ a: '浙A12345', b: null, c: null, d: null, e: null, f: null });
  });
  it('keeps false and 0', () => {
    expect(toSaveValue(false)).toBe(false);
    expect(toSaveValue(0)).toBe(0);
  });
});

describe('plates', () => {
  it('are upper-cased as typed', () => {
    expect(enterPlate('浙a12345')).toBe('浙A12345');
  });
  it('expand a single letter to its province', () => {
    expect(enterPlate('z')).toBe('浙');
    expect(enterPlate('J')).toBe(PROVINCE_BY_LETTER.J);
    expect(enterPlate('ZA')).toBe('ZA');
  });
  it('map every letter to a different province', () => {
    const provinces = Object.values(PROVINCE_BY_LETTER);
    expect(new Set(provinces).size).toBe(provinces.length);
    expect(Object.keys(PROVINCE_BY_LETTER)).toHaveLength(26);
  });
  it('are saved in normal form, as are id numbers', () => {
    const fields = [field({ fieldName: 'plateNumber' }), field({ fieldName: 'idNumber' })];
    expect(collectEntity(fields, { plateNumber: ' 浙a·123 45 ', idNumber: '33010619900101123x ' })).toEqual({ plateNumber: '浙A12345', idNumber: '33010619900101123X' });
  });
});

describe('controlled fields on save', () => {
  it('send a field hidden by its controlValue as null', () => {
    const fields = [
      field({ fieldName: 'hasTrailer', formSubmitType: 'BOOLEAN' }),
      field({ fieldName: 'trailerPlateNumber', controlValue: 'hasTrailer=true' }),
    ];
    expect(collectEntity(fields, { hasTrailer: false, trailerPlateNumber: '浙A1234挂' })).toEqual({ hasTrailer: false, trailerPlateNumber: null });
    expect(collectEntity(fields, { hasTrailer: true, trailerPlateNumber: '浙A1234挂' })).toEqual({ hasTrailer: true, trailerPlateNumber: '浙A1234挂' });
  });
});

describe('widget values', () => {
  it('read and write dates in yyyy-MM-dd HH:mm:ss', () => {
    const f = field({ fieldName: 'annualReviewDate', formSubmitType: 'DATA_BOX_TIM' });
    const v = toFormValue(f, '2026-11-21 08:30:00');
    expect(dayjs.isDayjs(v)).toBe(true);
    expect(fromFormValue(f, v)).toBe('2026-11-21 08:30:00');
  });
  it('save a DATA_BOX as a date and a TIME_BOX_TIM as a time of day', () => {
    expect(fromFormValue(field({ fieldName: 'd', formSubmitType: 'DATA_BOX' }), dayjs('2026-01-02 10:00:00'))).toBe('2026-01-02');
    const time = field({ fieldName: 't', formSubmitType: 'TIME_BOX_TIM' });
    expect(fromFormValue(time, toFormValue(time, '09:30:00'))).toBe('09:30:00');
  });
  it('read ranges as two dates', () => {
    const f = field({ fieldName: 'period', formSubmitType: 'DATA_RANGE_BOX' });
    expect(fromFormValue(f, toFormValue(f, ['2026-01-01', '2026-01-31']))).toEqual(['2026-01-01', '2026-01-31']);
    expect(fromFormValue(f, toFormValue(f, '2026-01-01,2026-01-31'))).toEqual(['2026-01-01', '2026-01-31']);
  });
  it('show a DATA_BOX_TIM in the pattern after its 13th character', () => {
    expect(displayFormat(field({ fieldName: 'd', formSubmitType: 'DATA_BOX_TIM_yyyy-MM-dd HH:mm' }))).toBe('YYYY-MM-DD HH:mm');
    expect(displayFormat(field({ fieldName: 'd', formSubmitType: 'DATA_BOX_TIM' }))).toBe('YYYY-MM-DD HH:mm:ss');
  });
  it('turn stored booleans into a switch state', () => {
    const f = field({ fieldName: 'hasTrailer', formSubmitType: 'BOOLEAN' });
    expect(toFormValue(f, 'true')).toBe(true);
    expect(toFormValue(f, null)).toBe(false);
  });
  it('match a stored choice to its option, and split multi-choices', () => {
    const options = [{ value: 1, label: '一' }, { value: 2, label: '二' }];
    expect(toFormValue(field({ fieldName: 's', formSubmitType: 'SELECT', options }), '2')).toBe(2);
    expect(toFormValue(field({ fieldName: 'm', formSubmitType: 'SELECT_MORE', options }), '1,2')).toEqual([1, 2]);
  });
});
