import { describe, expect, it } from 'vitest';
import { ID_NUMBER_MESSAGES, idNumberCheckDigit, MONEY_MESSAGES } from '@wb/protocol';
import { checkFieldValue, DIGITS_MESSAGE, EMAIL_MESSAGE } from '../field-checks';
import { isBlank, requiredMessage } from '../required';
import { field } from './field';

const form = { wording: 'form' as const, required: false };
const required = { wording: 'form' as const, required: true };

describe('required values', () => {
  it('words the message for grids, forms and multi-selects', () => {
    expect(requiredMessage('车牌号', 'grid')).toBe('车牌号不能为空！');
    expect(requiredMessage('车牌号', 'form')).toBe('必须填写车牌号');
    expect(requiredMessage('化验项目', 'multi')).toBe('至少选择一项化验项目');
  });
  it('asks a form for at least one choice of a multi-select', () => {
    const f = field({ fieldName: 'items', fieldExplain: '化验项目', formSubmitType: 'SELECT_MORE' });
    expect(checkFieldValue(f, [], required)).toBe('至少选择一项化验项目');
    expect(checkFieldValue(field({ fieldName: 'plateNumber', fieldExplain: '车牌号' }), '  ', required)).toBe('必须填写车牌号');
    expect(checkFieldValue(field({ fieldName: 'x', fieldExplain: '数量' }), '', { wording: 'grid', required: true })).toBe('数量不能为空！');
  });
  it('words the message in English with the English label when the screen is in English', () => {
    const plate = field({ fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate number' });
    expect(checkFieldValue(plate, '', { ...required, english: true })).toBe('Please fill in Plate number');
    expect(checkFieldValue(plate, '', { wording: 'grid', required: true, english: true })).toBe('Plate number is required!');
    const items = field({ fieldName: 'items', fieldExplain: '化验项目', fieldExplainEn: 'assay item', formSubmitType: 'SELECT_MORE' });
    expect(checkFieldValue(items, [], { ...required, english: true })).toBe('Choose at least one assay item');
    expect(checkFieldValue(plate, '', required)).toBe('必须填写车牌号');
  });
  it('takes false and 0 as values, not blanks', () => {
    expect(isBlank(false)).toBe(false);
    expect(isBlank(0)).toBe(false);
    expect(checkFieldValue(field({ fieldName: 'uninstall', formSubmitType: 'BOOLEAN' }), false, required)).toBeNull();
  });
  it('lets an empty value of an optional field pass every other rule', () => {
    expect(checkFieldValue(field({ fieldName: 'email' }), '', form)).toBeNull();
    expect(checkFieldValue(field({ fieldName: 'idNumber' }), null, form)).toBeNull();
  });
});

describe('the template pattern (cgValidate)', () => {
  const mobile = field({ fieldName: 'carOwnerMobile', cgValidate: { validateMethod: '^1\\d{10}$', validateTitle: '手机号格式错误' } });
  it('passes a match and an empty value', () => {
    expect(checkFieldValue(mobile, '13800138000', form)).toBeNull();
    expect(checkFieldValue(mobile, '', form)).toBeNull();
  });
  it('says validateTitle otherwise', () => {
    expect(checkFieldValue(mobile, '1380013800', form)).toBe('手机号格式错误');
  });
  it('reads a pattern written as a /literal/', () => {
    const f = field({ fieldName: 'code', cgValidate: { validateMethod: '/^[a-z]+$/i', validateTitle: '只能是字母' } });
    expect(checkFieldValue(f, 'AbC', form)).toBeNull();
    expect(checkFieldValue(f, 'A1', form)).toBe('只能是字母');
  });
});

describe('named fields', () => {
  it('checks an email', () => {
    expect(checkFieldValue(field({ fieldName: 'email' }), 'a@b', form)).toBe(EMAIL_MESSAGE);
    expect(checkFieldValue(field({ fieldName: 'email' }), 'weigh@plant.cn', form)).toBeNull();
    expect(EMAIL_MESSAGE).toBe('邮箱格式错误!');
  });
  it('checks an id number with the four messages in order', () => {
    const id = field({ fieldName: 'idNumber' });
    const first17 = '33010619900101123';
    const good = first17 + idNumberCheckDigit(first17);
    const wrongDigit = first17 + (idNumberCheckDigit(first17) === '0' ? '1' : '0');
    expect(checkFieldValue(id, '12345', form)).toBe(ID_NUMBER_MESSAGES.shape);
    expect(checkFieldValue(id, '330106199013011234', form)).toBe(ID_NUMBER_MESSAGES.birthDate);
    const badRegion = `99${first17.slice(2)}`;
    expect(checkFieldValue(id, badRegion + idNumberCheckDigit(badRegion), form)).toBe(ID_NUMBER_MESSAGES.region);
    expect(checkFieldValue(id, wrongDigit, form)).toBe(ID_NUMBER_MESSAGES.checkDigit);
    expect(checkFieldValue(id, good, form)).toBeNull();
    expect(ID_NUMBER_MESSAGES).toEqual({ shape: '身份证号校验错误!', birthDate: '身份证号格式错误!', region: '身份证号地址编码错误!', checkDigit: '身份证号校验位错误!' });
  });
  it('checks driver id numbers named with a prefix, or marked by classType', () => {
    expect(checkFieldValue(field({ fieldName: 'driverIdNumber' }), '1', form)).toBe(ID_NUMBER_MESSAGES.shape);
    expect(checkFieldValue(field({ fieldName: 'cardNo', classType: 'idNumber' }), '1', form)).toBe(ID_NUMBER_MESSAGES.shape);
    expect(checkFieldValue(field({ fieldName: 'mail', classType: 'email' }), 'x', form)).toBe(EMAIL_MESSAGE);
  });
  it('allows digits only in startCode, endCode, num and carryOverNum', () => {
    for (const name of ['startCode', 'endCode', 'num', 'carryOverNum']) {
      expect(checkFieldValue(field({ fieldName: name }), '12a', form)).toBe(DIGITS_MESSAGE);
      expect(checkFieldValue(field({ fieldName: name }), '0012', form)).toBeNull();
    }
    expect(checkFieldValue(field({ fieldName: 'num' }), '1.5', form)).toBe(DIGITS_MESSAGE);
  });
  it('holds amounts below 1e15 with 4 decimals', () => {
    const amount = field({ fieldName: 'taxAmout', classType: 'MONEY', formSubmitType: 'NUMBER' });
    expect(checkFieldValue(amount, 1e15, form)).toBe(MONEY_MESSAGES.tooLarge);
    expect(checkFieldValue(amount, '1.00001', form)).toBe(MONEY_MESSAGES.tooManyDecimals);
    expect(checkFieldValue(amount, '999.9999', form)).toBeNull();
  });
});
