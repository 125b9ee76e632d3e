import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FormatDefinition, MenuButton } from '@wb/protocol';
import { bindHttp } from '@/platform/api/http';
import { TemplateFormDialog } from '../TemplateFormDialog';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

// The dialog's own decisions (confirmations, what it reports, what it sends) against a scripted
// server; the real server and browser run the same flows in e2e/specs/forms.e2e.ts.

const button: MenuButton = { id: '501', menuId: '50', name: 'create', label: '新增', labelEn: 'Add', icon: null, permision: 'md_vehicle_add', path: null, component: 'create', menuFlag: 'web' };

function format(over: Partial<FormatDefinition>): FormatDefinition {
  return {
    id: '1', formatCode: 'f', formatName: '车辆', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', opations: { main: 'md_vehicle', son: null },
    resMethod: null, resUrl: null, treeResUrl: null, treeResMethod: null, ps: null, remark: null, valueResourceSubName: null,
    viewResourceSubName: null, detail_id: null, menuId: null, buttonMenuId: '501',
    formSubList: [field({ fieldName: 'plateNumber', fieldExplain: '车牌号', irequired: true, seq: 1 }), field({ fieldName: 'carOwner', fieldExplain: '车主', seq: 2 })],
    listSubList: [],
    ...over,
  };
}

const json = (data: unknown) => new Response(JSON.stringify({ success: true, code: 0, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

let sent: { method: string; url: string; body: unknown }[];
function serve(template: FormatDefinition, record?: unknown) {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    if (url.startsWith('/api/cg-format/template')) return json(template);
    if (url.includes('/get/')) return json(record);
    return json({ id: '9' });
  }));
}

beforeEach(() => {
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saves = () => sent.filter((s) => s.method !== 'GET');
const clickOk = async () => {
  await act(async () => {
    fireEvent.click(document.querySelector('[data-action="submit"]') as HTMLElement);
  });
};

describe('form dialog', () => {
  it('reports a failed validation as (false, data), says why and sends nothing', async () => {
    serve(format({}));
    const onSubmit = vi.fn();
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/masterdata/vehicle" mode="create" onClose={() => {}} onSubmit={onSubmit} />);
    const owner = (await screen.findByLabelText('车主')) as HTMLInputElement;
    fireEvent.change(owner, { target: { value: ' 王五 ' } });
    await clickOk();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(false, { plateNumber: null, carOwner: '王五' }), { timeout: 3000 });
    expect((await screen.findAllByText('必须填写车牌号')).length).toBeGreaterThan(0);
    expect(saves()).toEqual([]);
  }, 15_000);

  it('creates with POST {base}/create and { entity }, then calls onSaved', async () => {
    serve(format({}));
    const onSaved = vi.fn();
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/masterdata/vehicle" mode="create" onClose={() => {}} onSaved={onSaved} />);
    fireEvent.change(await screen.findByLabelText('车牌号'), { target: { value: '浙a12345' } });
    await clickOk();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 3000 });
    expect(saves()).toEqual([{ method: 'POST', url: '/api/masterdata/vehicle/create', body: { entity: { plateNumber: '浙A12345', carOwner: null } } }]);
  }, 15_000);

  it("asks '确定更新此条数据?' before an update, and cancelling says '更新已取消'", async () => {
    serve(format({}), { id: '7', version: 3, plateNumber: '浙A12345', carOwner: '' });
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/masterdata/vehicle" mode="update" id="7" onClose={() => {}} />);
    await waitFor(() => expect((screen.getByLabelText('车牌号') as HTMLInputElement).value).toBe('浙A12345'), { timeout: 3000 });
    await clickOk();
    await screen.findByText('确定更新此条数据?', undefined, { timeout: 3000 });
    await act(async () => {
      // the confirmation's 取消, not the form dialog's
      fireEvent.click(screen.getAllByRole('button', { name: /取\s?消/ }).at(-1)!);
    });
    await screen.findByText('更新已取消');
    expect(saves()).toEqual([]);
    await clickOk();
    // jsdom runs no closing animation, so the first confirmation stays in the page: wait for a second
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(2), { timeout: 3000 });
    await act(async () => {
      fireEvent.click([...document.querySelectorAll('.ant-modal-confirm')].at(-1)!.querySelector('.ant-btn-primary')!);
    });
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    expect(saves()[0]).toEqual({ method: 'PUT', url: '/api/masterdata/vehicle/update', body: { entity: { id: '7', version: 3, plateNumber: '浙A12345', carOwner: null } } });
  }, 20_000);

  it("confirms '子表未新增数据, 是否继续提交?' when a master-child form has no child rows", async () => {
    const mc = format({
      formatStyle: 'FORMAT_MASTER_CHILD_FROM', opations: { main: 'n', son: 'n_line' },
      formSubList: [field({ fieldName: 'billCode', fieldExplain: '单据号' }), field({ fieldName: 'invName', fieldExplain: '物料', customTable: 'n_line' })],
    });
    serve(mc, { entity: { id: '7', version: 1, billCode: 'A1' }, entitysub: [] });
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/notice/pu" mode="update" id="7" onClose={() => {}} />);
    await waitFor(() => expect((screen.getByLabelText('单据号') as HTMLInputElement).value).toBe('A1'), { timeout: 3000 });
    await clickOk();
    await screen.findByText('子表未新增数据, 是否继续提交?', undefined, { timeout: 3000 });
    expect(screen.getAllByText('提示').length).toBeGreaterThan(0);
  }, 20_000);
});

describe('form dialog: the server refuses', () => {
  it('marks the field a 400 names, with the server message, and stays open', async () => {
    sent = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/cg-format/template')) return json(format({}));
      return new Response(JSON.stringify({ success: false, code: 400, msg: '车牌号已存在', data: { field: 'plateNumber' } }), { status: 400, headers: { 'content-type': 'application/json' } });
    }));
    const onSaved = vi.fn();
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/masterdata/vehicle" mode="create" onClose={() => {}} onSaved={onSaved} />);
    fireEvent.change(await screen.findByLabelText('车牌号'), { target: { value: '浙A12345' } });
    await clickOk();
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('车牌号已存在'), { timeout: 3000 });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('form dialog: master-child and weighing', () => {
  const mc = () => format({
    formatStyle: 'FORMAT_MASTER_CHILD_FROM', opations: { main: 'n', son: 'n_line' },
    formSubList: [field({ fieldName: 'billCode', fieldExplain: '单据号' }), field({ fieldName: 'invName', fieldExplain: '物料', customTable: 'n_line' })],
  });

  it('submits child rows directly as { entity, entitysub }', async () => {
    serve(mc(), { entity: { id: '7', version: 1, billCode: 'A1' }, entitysub: [{ id: '70', version: 1, invName: '石灰石' }] });
    const onSaved = vi.fn();
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/notice/pu" mode="update" id="7" onClose={() => {}} onSaved={onSaved} />);
    await screen.findByText('石灰石', undefined, { timeout: 3000 });
    await clickOk();
    const ask = await screen.findByText('确定更新此条数据?', undefined, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(ask.closest('.ant-modal-confirm')!.querySelector('.ant-btn-primary')!);
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 3000 });
    expect(screen.queryByText('子表未新增数据, 是否继续提交?')).toBeNull();
    expect(saves()[0].body).toEqual({ entity: { id: '7', version: 1, billCode: 'A1' }, entitysub: [{ id: '70', version: 1, invName: '石灰石', seq: 1 }] });
  });

  it('weighing shows weighsave and cancel, every field read-only', async () => {
    serve(format({}), { id: '7', version: 1, plateNumber: '浙A12345', carOwner: '王五' });
    renderInShell(<TemplateFormDialog menuButton={button} base="/api/masterdata/vehicle" mode="update" id="7" formMode="weigh" onClose={() => {}} />);
    await waitFor(() => expect((screen.getByLabelText('车牌号') as HTMLInputElement).value).toBe('浙A12345'), { timeout: 3000 });
    expect((screen.getByLabelText('车主') as HTMLInputElement).disabled).toBe(true);
    expect(document.querySelector('[data-action="weighsave"]')).not.toBeNull();
    expect(document.querySelector('[data-action="submit"]')).toBeNull();
  });
});
