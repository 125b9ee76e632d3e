import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, quickSearch, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// The server-defined forms against the real server: the vehicle form (FORMAT_EIGHT_COLUMN_FROM,
// with its trailer section behind hasTrailer) created and updated through the list's 新增 and
// 修改, and the driver form's id-number checks.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const PLATE = '浙A7E2E1';
// the smallest PNG there is: one white pixel
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

const formDialog = (page: Page) => page.locator('.wb-form-dialog').last();
const item = (form: Locator, label: string) => form.locator('.ant-form-item').filter({ has: form.page().locator(`label[title="${label}"]`) });
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

async function openForm(button: 'btn-create' | 'btn-update'): Promise<Locator> {
  await listScreen(stage.page).getByTestId(button).click();
  const form = formDialog(stage.page);
  await form.locator('.wb-template-form').waitFor();
  await settled(stage.page);
  return form;
}

async function submit(form: Locator): Promise<void> {
  await form.locator('[data-action="submit"]').click();
}

const vehicle = async (plate: string) =>
  (await sql<{ has_trailer: boolean; trailer_plate_number: string | null; car_owner: string | null; plate_type: string; review: string | null }>(
    stage.server.databaseUrl,
    "SELECT has_trailer, trailer_plate_number, car_owner, plate_type, to_char(annual_review_date, 'YYYY-MM-DD') AS review FROM md_vehicle WHERE plate_number = $1",
    [plate],
  ))[0];

describe('template forms: vehicles', () => {
  it('新增 opens the vehicle form: eight columns, defaults filled, the trailer section hidden', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/vehicle');
    await rows(stage.page);
    const form = await openForm('btn-create');
    expect(await form.locator('.ant-modal-title').textContent()).toBe('新增车辆');
    expect(await form.locator('.wb-template-form').getAttribute('data-columns')).toBe('8');
    expect(await item(form, '车牌颜色').locator('.ant-select-content, .ant-select-selection-item').first().innerText()).toContain('黄牌');
    expect(await item(form, '挂车车牌号').count()).toBe(0);
    const width = await form.locator('.wb-template-form').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(550);
  });

  it('upper-cases the plate as typed, a single letter becoming its province', async () => {
    const form = formDialog(stage.page);
    const plate = form.locator('#plateNumber');
    await plate.pressSequentially('z');
    await poll(() => plate.inputValue()).toBe('浙');
    await plate.pressSequentially('a7e2e1');
    await poll(() => plate.inputValue()).toBe(PLATE);
  });

  it('shows the trailer section only while 是否有挂车 is on', async () => {
    const form = formDialog(stage.page);
    await form.locator('#hasTrailer').click();
    await item(form, '挂车车牌号').waitFor();
    expect(await item(form, '挂车道路运输证有效期止').count()).toBe(1);
    await form.locator('#hasTrailer').click();
    await poll(() => item(form, '挂车车牌号').count()).toBe(0);
    await form.locator('#hasTrailer').click();
    await form.locator('#trailerPlateNumber').fill('浙a1234挂');
    await settled(stage.page);
    await screenshot(stage.page, 'form-vehicle-zh');
  });

  it('refuses a bad phone number with the template message, then saves through the server', async () => {
    const form = formDialog(stage.page);
    await form.locator('#carOwnerMobile').fill('12345');
    await submit(form);
    await notice(stage.page, '车主电话应为11位手机号').waitFor();
    expect(await vehicle(PLATE)).toBeUndefined();
    await form.locator('#carOwnerMobile').fill('13800138000');
    await form.locator('#carOwner').fill('  张师傅  ');
    // Enter takes the typed date, it does not submit the form
    await form.locator('#annualReviewDate').fill('2027-03-31');
    await form.locator('#annualReviewDate').press('Enter');
    // longer than the 600 ms save debounce: a submitted form would have saved by now
    await stage.page.waitForTimeout(1000);
    expect(await vehicle(PLATE)).toBeUndefined();
    await submit(form);
    await form.waitFor({ state: 'hidden' });
    const row = await vehicle(PLATE);
    expect(row).toMatchObject({ has_trailer: true, trailer_plate_number: '浙A1234挂', car_owner: '张师傅', plate_type: 'YELLOW', review: '2027-03-31' });
  });

  it('修改 loads the record; cancelling the confirmation says 更新已取消; confirming saves', async () => {
    await quickSearch(stage.page, PLATE);
    const body = await rows(stage.page);
    await body.nth(0).locator('.ant-checkbox-input').check();
    const form = await openForm('btn-update');
    await poll(() => form.locator('#plateNumber').inputValue()).toBe(PLATE);
    expect(await form.locator('#trailerPlateNumber').inputValue()).toBe('浙A1234挂');
    expect(await form.locator('#annualReviewDate').inputValue()).toBe('2027-03-31');
    await form.locator('#carOwner').fill('李师傅');
    await submit(form);
    const ask = stage.page.locator('.ant-modal-confirm').filter({ hasText: '确定更新此条数据?' });
    await ask.waitFor();
    await settled(stage.page);
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    await stage.page.locator('.ant-message').filter({ hasText: '更新已取消' }).waitFor();
    expect((await vehicle(PLATE)).car_owner).toBe('张师傅');
    await form.locator('#hasTrailer').click();
    await submit(form);
    await confirmDialog(stage.page, '确定更新此条数据?');
    await form.waitFor({ state: 'hidden' });
    await poll(async () => vehicle(PLATE)).toMatchObject({ car_owner: '李师傅', has_trailer: false, trailer_plate_number: null });
  });

  it('photos: an 80x40 thumbnail; a second photo past the limit of one is refused; saved with the record', async () => {
    const body = await rows(stage.page);
    await body.nth(0).locator('.ant-checkbox-input').check();
    const form = await openForm('btn-update');
    await poll(() => form.locator('#plateNumber').inputValue()).toBe(PLATE);
    const photo = item(form, '主车照片');
    await photo.locator('input[type="file"]').setInputFiles({ name: '主车.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    const thumb = photo.locator('.wb-image-thumb img');
    await thumb.waitFor();
    const box = await thumb.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([80, 40]);
    await photo.locator('input[type="file"]').setInputFiles({ name: '又一张.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await notice(stage.page, '上传文件数量超出限制，最多 1 个，请删除后再上传').waitFor();
    expect(await photo.locator('.wb-image-thumb').count()).toBe(1);
    await submit(form);
    await confirmDialog(stage.page, '确定更新此条数据?');
    await form.waitFor({ state: 'hidden' });
    const [row] = await sql<{ photo: string | null }>(stage.server.databaseUrl, 'SELECT main_vehicle_photo_id::text AS photo FROM md_vehicle WHERE plate_number = $1', [PLATE]);
    expect(row.photo).toMatch(/^\d+$/);
  });

  it('in English: the form speaks English where the template gives it (its own buttons, the switch)', async () => {
    await stage.page.getByTestId('lang-switch').click();
    await settled(stage.page);
    await stage.page.getByTestId('lang-en-US').click();
    await poll(() => listScreen(stage.page).getByTestId('list-query').textContent()).toContain('Search');
    const form = await openForm('btn-create');
    await form.locator('#hasTrailer').click();
    await item(form, 'Trailer plate').waitFor();
    expect(await form.locator('#hasTrailer .ant-switch-inner-checked').innerText()).toBe('Yes');
    await settled(stage.page);
    await screenshot(stage.page, 'form-vehicle-en');
    await form.getByRole('button', { name: /Cancel/ }).click();
    await form.waitFor({ state: 'hidden' });
    await stage.page.getByTestId('lang-switch').click();
    await settled(stage.page);
    await stage.page.getByTestId('lang-zh-CN').click();
    await poll(() => listScreen(stage.page).getByTestId('list-query').textContent()).toContain('查询');
  });
});

describe('template forms: drivers', () => {
  it('says what is wrong with an id number, in the order the checks run', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/driver');
    await rows(stage.page);
    const form = await openForm('btn-create');
    await form.locator('#driverName').fill('赵六');
    const cases: [string, string][] = [
      ['12345', '身份证号校验错误!'],
      ['330106199013011234', '身份证号格式错误!'],
      ['990106199001011232', '身份证号地址编码错误!'],
      ['330106199001011230', '身份证号校验位错误!'],
    ];
    for (const [value, message] of cases) {
      await form.locator('#idNumber').fill(value);
      await submit(form);
      await notice(stage.page, message).waitFor();
      await item(form, '身份证号').locator('.ant-form-item-explain-error').filter({ hasText: message }).waitFor();
    }
    await settled(stage.page);
    await screenshot(stage.page, 'form-driver-id-number-zh');
    const [{ n }] = await sql<{ n: number }>(stage.server.databaseUrl, "SELECT count(*)::int AS n FROM md_driver WHERE driver_name = '赵六'");
    expect(n).toBe(0);
  });

  it('saves a valid id number with a lower-case check letter raised', async () => {
    const form = formDialog(stage.page);
    await form.locator('#idNumber').fill('32010219770505678x');
    await submit(form);
    await form.waitFor({ state: 'hidden' });
    const [row] = await sql<{ id_number: string }>(stage.server.databaseUrl, "SELECT id_number FROM md_driver WHERE driver_name = '赵六'");
    expect(row.id_number).toBe('32010219770505678X');
  });
});

describe('template forms: an autocomplete against the real server', () => {
  it('suggests vehicles 500 ms after typing, three fields each, and fills the form from the one chosen', async () => {
    // an administrator's template edit: 车型 of the new-vehicle form suggests from the vehicle list
    await sql(
      stage.server.databaseUrl,
      `UPDATE cg_format_field SET form_submit_type = 'AUTO_COMPLETE', custom_table = '/api/masterdata/vehicle/autocomplete?search={search}',
         options = '[{"value":"plateNumber","label":"车牌号"},{"value":"annualReviewDate","label":"年审日期"},{"value":"plateType","label":"车牌颜色"},{"value":"axleType","label":"轴数"}]'
       WHERE field_name = 'carType' AND format_id = (SELECT id FROM cg_format WHERE format_code = 'masterdata.vehicle.create')`,
    );
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/vehicle');
    await rows(stage.page);
    const form = await openForm('btn-create');
    const asked: string[] = [];
    stage.page.on('request', (r) => {
      if (r.url().includes('/autocomplete')) asked.push(decodeURIComponent(new URL(r.url()).searchParams.get('search') ?? ''));
    });
    await form.locator('#carType').pressSequentially(' 浙A 7E', { delay: 50 });
    const option = stage.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .wb-suggestion').first();
    await option.waitFor();
    expect(asked).toEqual(['浙A7E']);
    const shown = await option.locator('span').allInnerTexts();
    expect(shown).toHaveLength(3);
    expect(shown.slice(0, 2)).toEqual([PLATE, '2027-03-31']);
    await option.click();
    // the chosen vehicle's fields fill the form; its date shows in the date picker
    await poll(() => form.locator('#annualReviewDate').inputValue()).toBe('2027-03-31');
    expect(await form.locator('#plateNumber').inputValue()).toBe(PLATE);
    expect(await form.locator('#carType').inputValue()).toBe('');
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await form.waitFor({ state: 'hidden' });
  });
});
