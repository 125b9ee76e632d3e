import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { bindHttp } from '@/platform/api/http';
import { FormRenderer } from '../FormRenderer';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../rules/autocomplete';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

// The suggestions' timing and filling against a scripted answer; what the server answers is its own test.

const fields = [
  field({
    fieldName: 'plateNumber', fieldExplain: '车牌号', formSubmitType: 'AUTO_COMPLETE', seq: 1,
    customTable: '/api/masterdata/vehicle/autocomplete?search={search}',
    options: ['plateNumber', 'carType', 'carOwner', 'axleType'].map((v) => ({ value: v, label: v })),
  }),
  field({ fieldName: 'carType', fieldExplain: '车型', seq: 2 }),
  field({ fieldName: 'annualReviewDate', fieldExplain: '年审日期', formSubmitType: 'DATA_BOX', seq: 3 }),
];

const rows = [{ id: '5', plateNumber: '浙A12345', carType: '重型半挂', carOwner: '张三', axleType: 6, annualReviewDate: '2027-03-31' }];
let urls: string[];

beforeEach(() => {
  urls = [];
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify({ success: true, code: 0, msg: 'ok', data: { list: rows } }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let form: FormInstance | undefined;
function Harness() {
  const [f] = Form.useForm();
  useEffect(() => {
    form = f;
  }, [f]);
  return <FormRenderer fields={fields} columns={4} mode="create" form={f} />;
}

const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('autocomplete', () => {
  it('asks the server once, 500 ms after typing stops, with the text without spaces', async () => {
    renderInShell(<Harness />);
    const input = screen.getByLabelText('车牌号');
    fireEvent.change(input, { target: { value: '浙' } });
    await sleep(300);
    fireEvent.change(input, { target: { value: '浙 A1' } });
    await sleep(AUTOCOMPLETE_DEBOUNCE_MS - 150);
    expect(urls).toEqual([]);
    await sleep(400);
    expect(urls).toEqual([`/api/masterdata/vehicle/autocomplete?search=${encodeURIComponent('浙A1')}`]);
  });

  it('shows three fields of a suggestion and fills the form from the one chosen', async () => {
    renderInShell(<Harness />);
    const input = screen.getByLabelText('车牌号');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '浙A' } });
    const suggestion = await screen.findByText('重型半挂', undefined, { timeout: 3000 });
    const shown = suggestion.closest('.wb-suggestion') as HTMLElement;
    expect([...shown.children].map((c) => c.textContent)).toEqual(['浙A12345', '重型半挂', '张三']);
    fireEvent.click(suggestion);
    await waitFor(() => expect(form!.getFieldValue('carType')).toBe('重型半挂'));
    expect(form!.getFieldValue('plateNumber')).toBe('浙A12345');
    // a filled date arrives as text and is held as a date the picker can show
    expect(form!.getFieldValue('annualReviewDate').format('YYYY-MM-DD')).toBe('2027-03-31');
    expect((screen.getByLabelText('年审日期') as HTMLInputElement).value).toBe('2027-03-31');
  });
});
