import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';

// Child rows of a document, through families that have them: a dictionary type's items and a
// line's control points. Every answer is checked against what the database holds afterwards.
const { app, database } = await createTestApp();
const { pool } = database;
const TYPE = '/api/masterdata/dict-type';
const LINE = '/api/masterdata/line';

let accountant: string;
let operator: string;
beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
});

type Row = Record<string, unknown>;
const create = (entity: Row, entitysub?: Row[]) => call(app, 'POST', `${TYPE}/create`, accountant, entitysub ? { entity, entitysub } : { entity });
const update = (entity: Row, entitysub?: Row[]) => call(app, 'PUT', `${TYPE}/update`, accountant, entitysub ? { entity, entitysub } : { entity });
const get = async (id: string) => expectOk(await call(app, 'GET', `${TYPE}/get/${id}`, accountant)).data;

/** The items stored for a type, in their order. */
async function storedItems(typeId: string) {
  const { rows } = await pool.query('SELECT id::text, item_code, item_label, sort, enabled FROM md_dict_item WHERE type_id = $1 ORDER BY sort, id', [typeId]);
  return rows as { id: string; item_code: string; item_label: string; sort: number; enabled: boolean }[];
}
const codesOf = async (typeId: string) => (await storedItems(typeId)).map((r) => `${r.sort}:${r.item_code}`);
const typeCount = async () => (await pool.query('SELECT count(*)::int AS n FROM md_dict_type')).rows[0].n as number;
const itemCount = async () => (await pool.query('SELECT count(*)::int AS n FROM md_dict_item')).rows[0].n as number;

describe('child rows: create and get', () => {
  it('creates the header and its rows in one call; get answers them in order, numbered from 1', async () => {
    const t = expectOk(await create({ typeCode: 'WEATHER', typeName: '天气' }, [
      { itemCode: 'SUN', itemLabel: '晴', itemSort: 99 },
      { itemCode: 'RAIN', itemLabel: '雨', itemEnabled: false },
      { itemCode: 'SNOW', itemLabel: '雪', itemRemark: '  停止装车  ' },
    ])).data;
    expect(t.entitysub.map((r: Row) => [r.itemSort, r.itemCode, r.itemEnabled])).toEqual([[1, 'SUN', true], [2, 'RAIN', false], [3, 'SNOW', true]]);
    expect(await codesOf(t.id)).toEqual(['1:SUN', '2:RAIN', '3:SNOW']);
    const read = await get(t.id);
    expect(read).toMatchObject({ typeCode: 'WEATHER', version: 0 });
    expect(read.entitysub).toEqual(t.entitysub);
    expect(read.entitysub[2].itemRemark).toBe('停止装车');
    expect(typeof read.entitysub[0].id).toBe('string');
  });

  it('creates a header without rows when entitysub is absent or empty', async () => {
    const a = expectOk(await create({ typeCode: 'EMPTY1', typeName: '空一' })).data;
    const b = expectOk(await create({ typeCode: 'EMPTY2', typeName: '空二' }, [])).data;
    expect([a.entitysub, b.entitysub]).toEqual([[], []]);
  });

  it('refuses a bad cell naming the row and the field, and writes neither header nor rows', async () => {
    const [types, items] = [await typeCount(), await itemCount()];
    const res = expectFailure(await create({ typeCode: 'BAD1', typeName: '坏' }, [
      { itemCode: 'A', itemLabel: '甲' },
      { itemCode: '', itemLabel: '乙' },
      { itemCode: 'C', itemLabel: '丙', itemEnabled: '也许' },
    ]), 400, '第2行 编码不能为空！');
    expect(res.data).toMatchObject({ field: 'entitysub.1.itemCode' });
    expect((res.data as { errors: Row[] }).errors).toEqual([
      { row: 2, field: 'entitysub.1.itemCode', message: '第2行 编码不能为空！' },
      { row: 3, field: 'entitysub.2.itemEnabled', message: '第3行 启用应为是或否' },
    ]);
    expectFailure(await create({ typeCode: 'BAD2', typeName: '重' }, [{ itemCode: 'A', itemLabel: '甲' }, { itemCode: 'A', itemLabel: '乙' }]), 400, '第2行 编码 A 与第1行重复');
    expectFailure(await create({ typeCode: 'BAD3', typeName: '长' }, [{ itemCode: 'A', itemLabel: 'x'.repeat(61) }]), 400, '第1行 名称不能超过60个字符');
    expect([await typeCount(), await itemCount()]).toEqual([types, items]);
  });

  it('refuses child rows for a family that has none', async () => {
    const res = await call(app, 'POST', '/api/masterdata/factory/create', accountant, { entity: { factoryName: '有明细的工厂' }, entitysub: [{}] });
    expectFailure(res, 400, '工厂没有明细行');
  });
});

describe('child rows: update', () => {
  it('updates rows named by id, deletes rows left out, inserts new ones, in the order sent', async () => {
    const t = expectOk(await create({ typeCode: 'SHIFT', typeName: '班次' }, [
      { itemCode: 'A', itemLabel: '早班' }, { itemCode: 'B', itemLabel: '中班' }, { itemCode: 'C', itemLabel: '夜班' },
    ])).data;
    const [a, b, c] = t.entitysub;
    // C moves to the top and is renamed, B is dropped, D is new and goes between
    const saved = expectOk(await update(t, [{ ...c, itemLabel: '大夜班' }, { itemCode: 'D', itemLabel: '白班' }, a])).data;
    expect(saved.version).toBe(1);
    const stored = await storedItems(t.id);
    expect(stored.map((r) => [r.sort, r.item_code, r.item_label])).toEqual([[1, 'C', '大夜班'], [2, 'D', '白班'], [3, 'A', '早班']]);
    expect(stored[0].id).toBe(c.id);
    expect(stored[2].id).toBe(a.id);
    expect(stored.some((r) => r.id === b.id)).toBe(false);
    expect(saved.entitysub.map((r: Row) => r.itemCode)).toEqual(['C', 'D', 'A']);
  });

  it('renumbers rows whose places swap without tripping over each other', async () => {
    // line points are unique by seq within their line: a swap passes through free numbers
    const line = expectOk(await call(app, 'POST', `${LINE}/create`, operator, {
      entity: { lineName: '换序线路', direction: 'SHIP' }, entitysub: [{ point: 'SIGN_IN' }, { point: 'CALL' }, { point: 'GATE_IN' }, { point: 'TARE' }],
    })).data;
    const [signIn, callNo, gateIn, tare] = line.entitysub;
    const saved = expectOk(await call(app, 'PUT', `${LINE}/update`, operator, { entity: line, entitysub: [callNo, signIn, gateIn, tare] })).data;
    expect(saved.entitysub.map((r: Row) => `${r.pointSeq}:${r.point}`)).toEqual(['1:CALL', '2:SIGN_IN', '3:GATE_IN', '4:TARE']);
  });

  it('takes unique values swapped between stored rows in one save', async () => {
    const t = expectOk(await create({ typeCode: 'SWAP', typeName: '互换' }, [{ itemCode: 'X', itemLabel: '甲' }, { itemCode: 'Y', itemLabel: '乙' }])).data;
    const [x, y] = t.entitysub;
    expectOk(await update(t, [{ ...x, itemCode: 'Y' }, { ...y, itemCode: 'X' }]));
    expect((await storedItems(t.id)).map((r) => [r.id, r.item_code])).toEqual([[x.id, 'Y'], [y.id, 'X']]);
    // a code another row keeps is still refused
    const again = await get(t.id);
    expectFailure(await update(again, [again.entitysub[0], { ...again.entitysub[1], itemCode: 'Y' }]), 400, '第2行 编码 Y 与第1行重复');
  });

  it('keeps the rows as they are when an update sends no entitysub, and leaves unchanged rows untouched', async () => {
    const t = expectOk(await create({ typeCode: 'KEEP', typeName: '保留' }, [{ itemCode: 'K1', itemLabel: '一' }, { itemCode: 'K2', itemLabel: '二' }])).data;
    expectOk(await update({ ...t, typeName: '保留了' }));
    expect(await codesOf(t.id)).toEqual(['1:K1', '2:K2']);
    const again = await get(t.id);
    expectOk(await update(again, again.entitysub));
    const { rows } = await pool.query('SELECT version FROM md_dict_item WHERE type_id = $1', [t.id]);
    expect(rows.map((r) => r.version)).toEqual([0, 0]);
  });

  it("refuses another document's child id (and an unknown one), naming the row, and changes nothing", async () => {
    const mine = expectOk(await create({ typeCode: 'MINE', typeName: '我的' }, [{ itemCode: 'M1', itemLabel: '一' }])).data;
    const theirs = expectOk(await create({ typeCode: 'THEIRS', typeName: '别人的' }, [{ itemCode: 'T1', itemLabel: '一' }])).data;
    const stolen = theirs.entitysub[0];
    const res = expectFailure(await update(mine, [mine.entitysub[0], { ...stolen, itemLabel: '改了别人的' }]), 400, `第2行 字典项 ${stolen.id} 不属于此字典类型`);
    expect(res.data).toMatchObject({ field: 'entitysub.1.id' });
    expectFailure(await update(mine, [{ id: '999999999', itemCode: 'X', itemLabel: 'x' }]), 400, '第1行 字典项 999999999 不属于此字典类型');
    expectFailure(await update(mine, [{ id: 'abc', itemCode: 'X', itemLabel: 'x' }]), 400, '第1行 字典项的编号应为数字');
    expect(await storedItems(theirs.id)).toMatchObject([{ id: stolen.id, item_label: '一' }]);
    expect(await codesOf(mine.id)).toEqual(['1:M1']);
    expect((await get(mine.id)).version).toBe(0);
  });

  it('refuses a bad cell of an update, naming the row, and writes nothing', async () => {
    const t = expectOk(await create({ typeCode: 'UPBAD', typeName: '改坏' }, [{ itemCode: 'U1', itemLabel: '一' }])).data;
    expectFailure(await update({ ...t, typeName: '改了名' }, [t.entitysub[0], { itemCode: 'U2', itemLabel: null }]), 400, '第2行 名称不能为空！');
    expect(await get(t.id)).toMatchObject({ typeName: '改坏', version: 0 });
    expect(await codesOf(t.id)).toEqual(['1:U1']);
  });

  it('answers 409 to a stale version, rows and all, and writes nothing', async () => {
    const t = expectOk(await create({ typeCode: 'STALE', typeName: '过期' }, [{ itemCode: 'S1', itemLabel: '一' }])).data;
    expectOk(await update(t, [...t.entitysub, { itemCode: 'S2', itemLabel: '二' }]));
    expectFailure(await update(t, [{ itemCode: 'S9', itemLabel: '九' }]), 409, /已被他人修改/);
    expect(await codesOf(t.id)).toEqual(['1:S1', '2:S2']);
  });

  it('answers 409 to a row read at a version it has moved past (edited on its own screen meanwhile), and writes nothing', async () => {
    const t = expectOk(await create({ typeCode: 'MOVED', typeName: '被改过' }, [{ itemCode: 'V1', itemLabel: '一' }, { itemCode: 'V2', itemLabel: '二' }])).data;
    const [, second] = t.entitysub;
    const item = expectOk(await call(app, 'GET', `/api/masterdata/dict-item/get/${second.id}`, accountant)).data;
    expectOk(await call(app, 'PUT', '/api/masterdata/dict-item/update', accountant, { entity: { ...item, itemLabel: '二号' } }));
    const res = expectFailure(await update({ ...t, typeName: '改名' }, [t.entitysub[0], { ...second, itemRemark: '旧表单' }]), 409, '第2行 字典项已被他人修改，请刷新后重试');
    expect(res.data).toMatchObject({ field: 'entitysub.1.version' });
    expect((await storedItems(t.id)).map((r) => r.item_label)).toEqual(['一', '二号']);
    expect((await get(t.id)).typeName).toBe('被改过');
  });

  it('saves one of two updates of the same version raced with different rows; the other is 409', async () => {
    const t = expectOk(await create({ typeCode: 'RACE', typeName: '竞争' }, [{ itemCode: 'R0', itemLabel: '零' }])).data;
    const answers = await Promise.all(['R1', 'R2'].map((code) => update(t, [...t.entitysub, { itemCode: code, itemLabel: code }])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const codes = await codesOf(t.id);
    expect(codes).toHaveLength(2);
    expect(['1:R0,2:R1', '1:R0,2:R2']).toContain(codes.join(','));
  });
});

describe('child rows: copy and delete', () => {
  it('copies a line with its points, in their order, under a new number', async () => {
    const line = expectOk(await call(app, 'POST', `${LINE}/create`, operator, {
      entity: { lineName: '熟料外运', direction: 'SHIP' }, entitysub: [{ point: 'GATE_IN' }, { point: 'TARE', pointRemark: '空车' }, { point: 'GROSS' }, { point: 'GATE_OUT' }],
    })).data;
    const copy = expectOk(await call(app, 'POST', `${LINE}/copy/${line.id}`, operator)).data;
    expect(copy.id).not.toBe(line.id);
    expect(copy.lineName).toBe(`熟料外运(复制${copy.lineCode})`);
    const { rows } = await pool.query('SELECT seq, point, remark FROM md_line_point WHERE line_id = $1 ORDER BY seq', [copy.id]);
    expect(rows).toEqual([
      { seq: 1, point: 'GATE_IN', remark: null }, { seq: 2, point: 'TARE', remark: '空车' }, { seq: 3, point: 'GROSS', remark: null }, { seq: 4, point: 'GATE_OUT', remark: null },
    ]);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_line_point WHERE line_id = $1', [line.id])).rows[0].n).toBe(4);
  });

  it('deletes the rows with their header', async () => {
    const t = expectOk(await create({ typeCode: 'GONE', typeName: '删掉' }, [{ itemCode: 'G1', itemLabel: '一' }, { itemCode: 'G2', itemLabel: '二' }])).data;
    expectOk(await call(app, 'DELETE', `${TYPE}/delList`, accountant, { ids: [t.id] }));
    expect(await storedItems(t.id)).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_dict_type WHERE id = $1', [t.id])).rows[0].n).toBe(0);
  });
});

describe('names the family does not know', () => {
  it('refuses an unknown field of the entity, naming it, and writes nothing', async () => {
    const [types, items] = [await typeCount(), await itemCount()];
    const res = expectFailure(await create({ typeCode: 'TYPO1', typeName: '拼错', typeNmae: '拼错' }, [{ itemCode: 'A', itemLabel: '甲' }]), 400, '参数 entity 错误: 不允许的字段: typeNmae');
    expect(res.data).toMatchObject({ field: 'entity.typeNmae' });
    expect([await typeCount(), await itemCount()]).toEqual([types, items]);
  });

  it('refuses an unknown field of a child row, naming the row and the field, and writes nothing', async () => {
    const [types, items] = [await typeCount(), await itemCount()];
    const res = expectFailure(await create({ typeCode: 'TYPO2', typeName: '拼错行' }, [
      { itemCode: 'A', itemLabel: '甲' },
      { itemCode: 'B', itemLabel: '乙', itemLable: '乙', colour: 'red' },
    ]), 400, '第2行 不允许的字段: itemLable, colour');
    expect(res.data).toMatchObject({ field: 'entitysub.1.itemLable' });
    expect([await typeCount(), await itemCount()]).toEqual([types, items]);
  });

  it('takes back what get answered and what the form shows, read-only ones included, and ignores them', async () => {
    const t = expectOk(await create({ typeCode: 'ROUND', typeName: '往返' }, [{ itemCode: 'A', itemLabel: '甲' }])).data;
    const read = await get(t.id);
    // enabled is shown on the update form and not updatable there; createDate is answered by get
    const saved = expectOk(await update({ ...read, typeName: '往返二', enabled: false }, read.entitysub.map((r: Row) => ({ ...r, itemLabel: '甲二' })))).data;
    expect(saved).toMatchObject({ typeName: '往返二', enabled: true });
    expect(saved.entitysub.map((r: Row) => r.itemLabel)).toEqual(['甲二']);
    const stale = expectFailure(await update({ ...saved, bogus: 1 }), 400, '参数 entity 错误: 不允许的字段: bogus');
    expect(stale.data).toMatchObject({ field: 'entity.bogus' });
    expect((await get(t.id)).version).toBe(saved.version);
  });
});
