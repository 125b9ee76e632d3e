import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { newCard, newNotice, registryRow } from './test-support';

// The card a registry form reads (读卡 beside IC卡号): checked when read (card/bindable) and bound
// in the save's own transaction, by the rules of 补卡.
const { app, database } = await createTestApp();
const { pool } = database;
let auth: string;
let org: string;
let other: string;
let lineId: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
  other = await orgId(pool, 'HDJC');
  lineId = (await newNotice(pool, org, { maxLimit: '1000' })).lineId;
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
let serial = 40000;
const entity = (extra: Record<string, unknown> = {}) => ({ plateNumber: `浙F${serial++}`, noticeLineId: lineId, preQuantity: 5, ...extra });
const create = (extra: Record<string, unknown> = {}) => post('/api/registry/tr/create', { entity: entity(extra) });
const registryCount = async () => (await pool.query('SELECT count(*)::int AS n FROM wb_registry')).rows[0].n as number;

describe('reading a card into the form (card/bindable)', () => {
  it('answers a free card\'s id and number', async () => {
    const id = await newCard(pool, org, 'A10000D4');
    expect(expectOk(await post('/api/registry/tr/card/bindable', { cardUid: 'a1:00:00:d4' })).data).toEqual({ cardId: id, cardNo: 'KA10000', cardUid: 'A10000D4' });
  });

  it('refuses a card another open trip holds, unless it is the registry being edited', async () => {
    const cardId = await newCard(pool, org, 'A20000D5');
    const holder = expectOk(await create({ icCardId: cardId })).data as { registryNo: string };
    expectFailure(await post('/api/registry/tr/card/bindable', { cardUid: 'A20000D5' }), 400, `IC卡 KA20000 已绑定登记单 ${holder.registryNo}，请先出厂或作废该登记单`);
    expectOk(await post('/api/registry/tr/card/bindable', { cardUid: 'A20000D5', registryNo: holder.registryNo }));
  });

  it('refuses an unknown, a lost and a malformed card', async () => {
    await newCard(pool, org, 'A30000D6', { state: 'LOST' });
    expectFailure(await post('/api/registry/tr/card/bindable', { cardUid: 'EEEEEEEE' }), 404, '未找到芯片序列号为 EEEEEEEE 的IC卡');
    expectFailure(await post('/api/registry/tr/card/bindable', { cardUid: 'A30000D6' }), 400, 'IC卡 KA30000 已挂失，不能使用');
    expectFailure(await post('/api/registry/tr/card/bindable', { cardUid: '12' }), 400, '芯片序列号应为8位或14位十六进制');
  });
});

describe('saving the form with its card', () => {
  it('binds the card on create, and the list and the card read show it', async () => {
    const cardId = await newCard(pool, org, 'B10000D4');
    const r = expectOk(await create({ icCardId: cardId })).data as { id: string; registryNo: string; cardNo: string; icCardId: string };
    expect(r).toMatchObject({ cardNo: 'KB10000', icCardId: cardId });
    expect((await registryRow(pool, r.id)).ic_card_id).toBe(cardId);
  });

  it('refuses a card bound to another open trip and writes nothing', async () => {
    const cardId = await newCard(pool, org, 'B20000D5');
    const holder = expectOk(await create({ icCardId: cardId })).data as { registryNo: string };
    const before = await registryCount();
    const res = expectFailure(await create({ icCardId: cardId }), 400, `IC卡 KB20000 已绑定登记单 ${holder.registryNo}，请先出厂或作废该登记单`);
    expect(res.data).toMatchObject({ field: 'cardNo' });
    expect(await registryCount()).toBe(before);
  });

  it('refuses a lost card, another company\'s card and a fixed card of another truck', async () => {
    const lost = await newCard(pool, org, 'B30000D6', { state: 'LOST' });
    expectFailure(await create({ icCardId: lost }), 400, 'IC卡 KB30000 已挂失，不能使用');
    const foreign = await newCard(pool, other, 'B40000D7');
    expectFailure(await create({ icCardId: foreign }), 400, 'IC卡不存在');
    const { rows: [v] } = await pool.query("INSERT INTO md_vehicle (org_id, plate_number) VALUES ($1, '浙F88888') RETURNING id::text", [org]);
    const fixed = await newCard(pool, org, 'B50000D8', { kind: 'FIXED' });
    await pool.query('UPDATE md_ic_card SET vehicle_id = $2 WHERE id = $1', [fixed, v.id]);
    expectFailure(await create({ icCardId: fixed }), 400, 'IC卡 KB50000 是车辆 浙F88888 的固定卡，不能绑定到其他车辆');
    expectOk(await create({ icCardId: fixed, plateNumber: '浙F88888' }));
  });

  it('keeps its own card on update, and takes a free one instead', async () => {
    const mine = await newCard(pool, org, 'C10000D4');
    const r = expectOk(await create({ icCardId: mine })).data as { id: string; version: number };
    // the card went missing after it was bound: an edit of the remark still saves
    await pool.query("UPDATE md_ic_card SET state = 'LOST', lost_at = now() WHERE id = $1", [mine]);
    const kept = expectOk(await call(app, 'PUT', '/api/registry/tr/update', auth, { entity: { id: r.id, version: r.version, remark: '改备注', icCardId: mine } })).data as { version: number };
    const free = await newCard(pool, org, 'C20000D5');
    expectOk(await call(app, 'PUT', '/api/registry/tr/update', auth, { entity: { id: r.id, version: kept.version, icCardId: free } }));
    expect((await registryRow(pool, r.id)).ic_card_id).toBe(free);
  });

  it('binds one card to one registry when several forms save it at once', async () => {
    const cardId = await newCard(pool, org, 'D10000D4');
    const answers = await Promise.all([1, 2, 3, 4].map(() => create({ icCardId: cardId })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().msg).toMatch(/^IC卡 KD10000 已绑定登记单 \S+，请先出厂或作废该登记单$|^该IC卡已绑定其他未完成的登记单$/);
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_registry WHERE ic_card_id = $1', [cardId])).rows[0].n).toBe(1);
  });
});
