import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { TICKET_PAPER_MM, TICKET_PRINT_BLANK, type TicketPrintLayout } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { plantOf, testPlate, type Plant, weighPurchase } from '../test-support';
import { pageTexts } from './pdf-text.test-support';

/** The print page's calls through the real routes: what prints, what counts, and the PDF read back. */
let ctx: TestContext;
let op: string;
let plant: Plant;

const post = (path: string, payload?: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const preview = (id: string, auth = op, kind = 'pu') => call(ctx.app, 'GET', `/api/weigh/${kind}/print/${id}`, auth);
const print = (id: string, auth = op) => post(`pu/print/${id}`, undefined, auth);
const printPdf = (id: string) => post(`pu/print/${id}?format=pdf`);

const firstWeighed = (gross = '40.5') => weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'P1', price: '10.5', gross, tare: null });
const completed = (gross = '40.5', tare = '15.25') => weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'P1', price: '10.5', gross, tare });

const printCount = async (id: string) =>
  (await ctx.database.db.selectFrom('wb_ticket').select('print_count').where('id', '=', id).executeTakeFirstOrThrow()).print_count;

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('the print page calls', () => {
  it('lay the ticket out with the figures it holds; the preview counts nothing, each print counts once', async () => {
    const t = await completed();
    expectOk(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', amount: '0.3' }] }));
    const org = await ctx.database.db.selectFrom('sys_org').select('org_name').where('id', '=', plant.orgId).executeTakeFirstOrThrow();
    const row = await ctx.database.db.selectFrom('wb_ticket').select(['net', 'amount']).where('id', '=', t.id).executeTakeFirstOrThrow();

    const seen = expectOk(await preview(t.id)).data as TicketPrintLayout;
    expect(seen).toMatchObject({ ticketNo: t.no, title: `${org.org_name} 采购磅单`, preview: true, printLabel: '未打印', printCount: 0 });
    expect(seen.weights.map((w) => w.value)).toEqual(['40.50', '15.25', '24.95']);
    expect(row.net).toBe('24.9500');
    expect(seen.deductions).toEqual({ rows: [{ item: '扣水', itemEn: 'Water', weight: '0.30' }], total: '0.30' });
    expect(seen.money.map((m) => m.value)).toEqual(['¥10.50', '¥261.98']);
    expect(row.amount).toBe('261.9800');
    expect(seen.footer[0].value).not.toBe(TICKET_PRINT_BLANK);
    expect(await printCount(t.id)).toBe(0);

    const first = expectOk(await print(t.id));
    expect(first.msg).toBe('打印成功');
    expect(first.data).toMatchObject({ preview: false, printCount: 1, printLabel: '第1次打印', reprint: false });
    expect((expectOk(await print(t.id)).data as TicketPrintLayout)).toMatchObject({ printCount: 2, printLabel: '第2次打印', reprint: true });
    expect(await printCount(t.id)).toBe(2);
    expect((expectOk(await preview(t.id)).data as TicketPrintLayout).printLabel).toBe('已打印2次');
  });

  it('gives two prints at the same moment different numbers', async () => {
    const t = await completed();
    const answers = await Promise.all([print(t.id), printPdf(t.id), print(t.id)]);
    const jsonCounts = [answers[0], answers[2]].map((a) => (expectOk(a).data as TicketPrintLayout).printCount);
    expect(answers[1].statusCode).toBe(200);
    expect(new Set(jsonCounts).size).toBe(2);
    expect(await printCount(t.id)).toBe(3);
  });

  it('prints the first-weighing slip with its net blank, and refuses a voided ticket without counting', async () => {
    const slip = await firstWeighed();
    const l = expectOk(await print(slip.id)).data as TicketPrintLayout;
    expect(l).toMatchObject({ slip: true, stateLabel: '一次过磅' });
    expect(l.weights.map((w) => w.value)).toEqual(['40.50', TICKET_PRINT_BLANK, TICKET_PRINT_BLANK]);

    expectOk(await post('pu/obsolete', { ids: [slip.id] }));
    const before = await printCount(slip.id);
    expectFailure(await print(slip.id), 400, `磅单 ${slip.no} 已作废，不能打印`);
    expectFailure(await printPdf(slip.id), 400, `磅单 ${slip.no} 已作废，不能打印`);
    expectFailure(await preview(slip.id), 400, `磅单 ${slip.no} 已作废，不能打印`);
    expect(await printCount(slip.id)).toBe(before);
  });

  it('answers only the caller company tickets of the path kind, to holders of the print right', async () => {
    const t = await completed();
    expectFailure(await preview(t.id, op, 'sa'), 404);
    expectFailure(await post(`sa/print/${t.id}`), 404);
    expectFailure(await preview('999999999'), 404);
    expectFailure(await preview('abc'), 400, /id/);
    expectFailure(await post(`pu/print/${t.id}?format=doc`), 400, /format/);
    expectFailure(await call(ctx.app, 'GET', `/api/weigh/pu/print/${t.id}?format=pdf`, op), 400, '下载PDF计入打印次数，请用 POST 调用');
    const quality = (await bearerFor(ctx.app, 'quality')).authorization;
    expectFailure(await print(t.id, quality), 403);
    // a ticket of another company, by its id
    const other = await ctx.database.db.selectFrom('sys_org').select('id').where('id', '<>', plant.orgId).orderBy('id').executeTakeFirstOrThrow();
    const foreign = await ctx.database.db.insertInto('wb_ticket').values({
      org_id: other.id, kind: 'pu', ticket_no: `X${Date.now()}`, state: 'FIRST_WEIGHED', plate_number: testPlate('X'), first_is: 'GROSS',
      gross: '30', gross_time: new Date(),
    }).returning('id').executeTakeFirstOrThrow();
    expectFailure(await preview(foreign.id), 404);
    expectFailure(await print(foreign.id), 404);
    expect(await printCount(foreign.id)).toBe(0);
    expect(await printCount(t.id)).toBe(0);
  });
});

describe('the PDF', () => {
  it('is one page of the 241 mm half-page form, named by the ticket number, with the Chinese font embedded as a small subset', async () => {
    const t = await completed();
    const res = await printPdf(t.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${t.no}.pdf"; filename*=UTF-8''${t.no}.pdf`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // the whole ticket with two font subsets stays far below one of the 10 MB font files
    expect(bytes.length).toBeLessThan(80_000);
    expect(await printCount(t.id)).toBe(1);

    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo((TICKET_PAPER_MM.width * 72) / 25.4, 1);
    expect(height).toBeCloseTo((TICKET_PAPER_MM.height * 72) / 25.4, 1);
    expect(pdf.getTitle()).toContain(t.no);
    expect(pdf.getTitle()).toContain('采购磅单');

    const fonts = embeddedFonts(pdf);
    expect(fonts.map((f) => f.name).sort()).toEqual([expect.stringMatching(/^[A-Z]{6}\+NotoSansSC-Bold$/), expect.stringMatching(/^[A-Z]{6}\+NotoSansSC-Regular$/)]);
    for (const f of fonts) expect(f.bytes).toBeLessThan(40_000);

    // the page draws the ticket's own figures, in the embedded font's characters
    const texts = await pageTexts(bytes);
    expect(texts).toContain(`No. ${t.no}`);
    expect(texts.some((s) => s.endsWith(' 采购磅单'))).toBe(true);
    expect(texts).toEqual(expect.arrayContaining(['毛重', '40.50', '皮重', '15.25', '净重', '25.25', '第1次打印   单位：吨']));
    expect(texts.filter((s) => s.includes('?'))).toEqual([]);
    // money reads as money on paper too, the embedded font drawing its ¥
    expect(texts.filter((s) => s.startsWith('¥'))).toHaveLength(2);
  });
});

/** The fonts a PDF embeds: their names (a subset's carries a six-letter tag) and the size of the embedded file. */
function embeddedFonts(pdf: PDFDocument): { name: string; bytes: number }[] {
  const out: { name: string; bytes: number }[] = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const name = obj.get(PDFName.of('FontName'))?.toString().replace(/^\//, '') ?? '';
    const file = obj.get(PDFName.of('FontFile2'));
    const stream = file instanceof PDFRef ? pdf.context.lookup(file) : null;
    out.push({ name, bytes: stream instanceof PDFRawStream ? stream.contents.length : -1 });
  }
  return out;
}

describe('the 打印 list button', () => {
  it('is the print page button on every ticket list; a database seeded before gets it from migration 022', async () => {
    const db = ctx.database.db;
    const buttons = () => db.selectFrom('sys_menu').select(['permission', 'component']).where('permission', 'like', 'weigh\\_%\\_print').orderBy('permission').execute();
    expect((await buttons()).map((b) => b.component)).toEqual(Array(7).fill('page:printTicket'));
    // as an earlier release seeded it: a right with no button; and one an administrator changed
    await db.updateTable('sys_menu').set({ component: null }).where('permission', 'like', 'weigh\\_%\\_print').execute();
    await db.updateTable('sys_menu').set({ component: 'one:print' }).where('permission', '=', 'weigh_st_print').execute();
    await sql.raw(readFileSync(new URL('../../../../migrations/022_ticket_print.sql', import.meta.url), 'utf8')).execute(db);
    expect((await buttons()).map((b) => [b.permission, b.component])).toEqual([
      ['weigh_al_print', 'page:printTicket'], ['weigh_pr_print', 'page:printTicket'], ['weigh_pt_print', 'page:printTicket'], ['weigh_pu_print', 'page:printTicket'],
      ['weigh_sa_print', 'page:printTicket'], ['weigh_st_print', 'one:print'], ['weigh_tr_print', 'page:printTicket'],
    ]);
  });
});
