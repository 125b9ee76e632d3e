import { describe, expect, it } from 'vitest';
import type { FieldMapping } from '@wb/protocol';
import { filtersFromForm, mappedValues, popupFilters } from '../resource-mapping';
import { detailParts } from '../detail-data';
import { columnsOf } from '../../form/rules/layout';

const MAP: FieldMapping[] = [
  { fieldSub1: { masterTable: 'md_vehicle', fieldName: 'carrierId' }, fieldSub2: { fieldName: 'id' } },
  { fieldSub1: { masterTable: 'md_vehicle', fieldName: 'carrierName' }, fieldSub2: { fieldName: 'carrierName' } },
];

describe('resource popup field mapping', () => {
  it('fills each target (fieldSub1) from the chosen row\'s source (fieldSub2)', () => {
    expect(mappedValues(MAP, [{ id: '7', carrierName: '顺达物流' }])).toEqual({ carrierId: '7', carrierName: '顺达物流' });
  });
  it('joins several chosen rows with commas', () => {
    expect(mappedValues(MAP, [{ id: '7', carrierName: 'A' }, { id: '8', carrierName: 'B' }])).toEqual({ carrierId: '7,8', carrierName: 'A,B' });
  });
  it('turns the form\'s mapped values into popup filters on the source fields', () => {
    expect(filtersFromForm(MAP, { carrierName: '顺达', carrierId: '' })).toEqual({ carrierName: '顺达' });
  });
  it('searches filters by equals, dropping empty values and fields the popup does not list', () => {
    expect(popupFilters({ carrierName: '顺达', id: null, secret: 'x' }, new Set(['carrierName', 'id']))).toEqual([{ key: 'carrierName', op: 'eq', val: '顺达' }]);
  });
});

describe('detail popup data', () => {
  it('reads a record with entitysub, a page and an array', () => {
    expect(detailParts({ id: 1, entitysub: [{ id: 2 }] })).toEqual({ master: { id: 1, entitysub: [{ id: 2 }] }, rows: [{ id: 2 }] });
    expect(detailParts({ list: [{ id: 3 }], total: 1 })).toEqual({ master: { id: 3 }, rows: [{ id: 3 }] });
    expect(detailParts([{ id: 4 }])).toEqual({ master: { id: 4 }, rows: [{ id: 4 }] });
    expect(detailParts(null)).toEqual({ master: null, rows: [] });
  });
  it('lays eight columns for the eight-column and master-child styles, four otherwise', () => {
    expect(columnsOf('FORMAT_EIGHT_COLUMN_FROM')).toBe(8);
    expect(columnsOf('FORMAT_MASTER_CHILD_FROM')).toBe(8);
    expect(columnsOf('FORMAT_FOUR_COLUMN_FROM')).toBe(4);
  });
});
