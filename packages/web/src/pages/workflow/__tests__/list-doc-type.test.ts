import { describe, expect, it } from 'vitest';
import type { WorkflowDocType } from '@wb/protocol';
import { docTypeOfList } from '../list-doc-type';

const type = (key: string, base: string | null, menuPath: string | null): WorkflowDocType => ({ key, name: key, nameEn: key, base, menuPath, fields: [] });
const types = [type('price_adjust_sa', '/api/price/sa/adjust', '/sale/price-adjust'), type('price_adjust_pu', '/api/price/pu/adjust', '/purchase/price-adjust'), type('old', null, '/old/list')];

describe("提交审批's document type", () => {
  it("is the one whose calls' base is the list's", () => {
    expect(docTypeOfList(types, '/api/price/pu/adjust', '/sale/price-adjust')?.key).toBe('price_adjust_pu');
    expect(docTypeOfList(types, '/price/sa/adjust/', '/x')?.key).toBe('price_adjust_sa');
  });

  it('else the one whose list screen is the page', () => {
    expect(docTypeOfList(types, '/api/old', '/old/list/')?.key).toBe('old');
    expect(docTypeOfList(types, '/api/other', '/other')).toBeNull();
  });
});
