import { idNumberCheckDigit } from '@wb/protocol';
import type { Insertable, Transaction } from 'kysely';
import type { DB, MdAllocation, MdDriver, MdIcCard, MdVehicle, PlateType } from '../platform/db/schema';

/**
 * The demo plant's master data: a cement plant near Huzhou (HDSN) that buys raw materials and fuel
 * and sells cement and clinker, and a trading company (HDJC) that takes cement from it by allot
 * and sells on. Random choices come from a seeded generator, so every run writes the same rows;
 * dates are relative to the day of the run so that licences and reviews look current.
 */

type Tx = Transaction<DB>;
type OrgCode = 'HDSN' | 'HDJC';

export interface MasterDataCounts {
  materialClasses: number;
  materials: number;
  vendors: number;
  customers: number;
  carriers: number;
  warehouses: number;
  areas: number;
  silos: number;
  vehicles: number;
  drivers: number;
  icCards: number;
  blacklist: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = seeded(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  /** A decimal in [min, max] with the given number of decimals, as the string NUMERIC expects. */
  decimal(min: number, max: number, scale: number): string {
    const f = 10 ** scale;
    return (this.int(Math.round(min * f), Math.round(max * f)) / f).toFixed(scale);
  }
}

const DAY_MS = 86_400_000;
/** Midnight UTC of the run's day: a date column gets the same day whatever the host's zone. */
const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
};
const dateIn = (days: number) => new Date(todayUtc() + days * DAY_MS).toISOString().slice(0, 10);
const timeAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

// Unified social credit code (GB 32100): registration office 9 (market regulator), entity type 1
// (enterprise), the 6-digit region, the 9-character organisation code with its own check
// (GB 11714), then the check character over all 17.
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_CODE_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

function creditCode(dice: Dice, region: string): string {
  const org8 = dice.digits(8);
  const orgSum = ORG_CODE_WEIGHTS.reduce((s, w, i) => s + w * Number(org8[i]), 0);
  const orgCheck = 11 - (orgSum % 11);
  const org9 = org8 + (orgCheck === 10 ? 'X' : orgCheck === 11 ? '0' : String(orgCheck));
  const body = `91${region}${org9}`;
  const sum = CREDIT_WEIGHTS.reduce((s, w, i) => s + w * CREDIT_CHARS.indexOf(body[i]), 0);
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

const MOBILE_PREFIXES = ['135', '136', '137', '138', '139', '150', '151', '152', '157', '158', '159', '177', '180', '181', '182', '187', '188', '189', '198', '199'];
const mobile = (dice: Dice) => dice.pick(MOBILE_PREFIXES) + dice.digits(8);
// Huzhou's area code; most partners are local
const landline = (dice: Dice) => `0572-${dice.int(2, 8)}${dice.digits(6)}`;

// ---------------------------------------------------------------------------------------------
// Materials
// ---------------------------------------------------------------------------------------------

const CLASSES: { code: string; name: string; parent?: string }[] = [
  { code: '01', name: '原料' },
  { code: '0101', name: '钙质原料', parent: '01' },
  { code: '0102', name: '硅铝质原料', parent: '01' },
  { code: '0103', name: '铁质校正原料', parent: '01' },
  { code: '02', name: '燃料' },
  { code: '0201', name: '原煤', parent: '02' },
  { code: '03', name: '辅料' },
  { code: '0301', name: '缓凝剂', parent: '03' },
  { code: '0302', name: '混合材', parent: '03' },
  { code: '0303', name: '助磨剂及化工辅料', parent: '03' },
  { code: '04', name: '半成品' },
  { code: '0401', name: '熟料', parent: '04' },
  { code: '05', name: '成品' },
  { code: '0501', name: '袋装水泥', parent: '05' },
  { code: '0502', name: '散装水泥', parent: '05' },
];

interface MaterialSeed {
  code: string;
  cls: string;
  name: string;
  model: string;
  pu?: boolean;
  sa?: boolean;
  price: string;
  top?: string;
  lossPct?: string;
  lossWeight?: string;
  hidden?: string;
  sample?: boolean;
  scene?: boolean;
  overload?: boolean;
  pack?: { piece: string; bag: string };
  dangerous?: boolean;
  pnmary?: 'GROSS_FIRST' | 'TARE_FIRST';
  /** companies it is allocated to besides HDSN, which creates every material */
  alsoJc?: boolean;
}

// Prices in yuan per ton, of the order a cement plant in Zhejiang pays and asks.
const MATERIALS: MaterialSeed[] = [
  { code: '0101001', cls: '0101', name: '石灰石', model: 'CaO≥48% 0-80mm', pu: true, price: '38.0000', top: '43.0000', lossPct: '0.3000', sample: true, scene: true },
  { code: '0101002', cls: '0101', name: '低品位石灰石', model: 'CaO 44%-48% 0-80mm', pu: true, price: '26.0000', top: '30.0000', lossPct: '0.3000', sample: true, scene: true },
  { code: '0102001', cls: '0102', name: '黏土', model: 'SiO2≥60% 含水≤18%', pu: true, price: '30.0000', top: '35.0000', lossPct: '0.5000', hidden: '0.050', sample: true, scene: true },
  { code: '0102002', cls: '0102', name: '砂岩', model: 'SiO2≥75% 0-50mm', pu: true, price: '42.0000', top: '48.0000', lossPct: '0.3000', sample: true, scene: true },
  { code: '0103001', cls: '0103', name: '铁矿石', model: 'Fe2O3≥40% 0-30mm', pu: true, price: '210.0000', top: '235.0000', lossWeight: '0.030', sample: true, scene: true },
  { code: '0201001', cls: '0201', name: '烟煤', model: 'Qnet,ar≥5500kcal/kg 全水≤12%', pu: true, price: '860.0000', top: '920.0000', lossPct: '0.5000', hidden: '0.100', sample: true, scene: true },
  { code: '0201002', cls: '0201', name: '无烟煤', model: 'Qnet,ar≥6000kcal/kg', pu: true, price: '1050.0000', top: '1120.0000', lossPct: '0.5000', sample: true, scene: true },
  { code: '0301001', cls: '0301', name: '天然石膏', model: 'SO3≥35% 二水石膏', pu: true, price: '125.0000', top: '140.0000', lossPct: '0.2000', sample: true, scene: true },
  { code: '0301002', cls: '0301', name: '脱硫石膏', model: 'SO3≥40% 含水≤12%', pu: true, price: '40.0000', top: '48.0000', lossPct: '0.5000', hidden: '0.080', sample: true, scene: true },
  { code: '0302001', cls: '0302', name: '粉煤灰', model: 'II级 细度≤25%', pu: true, price: '150.0000', top: '170.0000', lossPct: '0.2000', sample: true },
  { code: '0302002', cls: '0302', name: '矿渣粉', model: 'S95', pu: true, price: '260.0000', top: '285.0000', lossPct: '0.2000', sample: true },
  { code: '0302003', cls: '0302', name: '粒化高炉矿渣', model: '水渣 含水≤10%', pu: true, price: '118.0000', top: '130.0000', lossPct: '0.5000', sample: true, scene: true },
  { code: '0303001', cls: '0303', name: '水泥助磨剂', model: '液体 200kg/桶', pu: true, price: '6500.0000', top: '7000.0000', pack: { piece: '0.200000', bag: '0.018000' } },
  { code: '0303002', cls: '0303', name: '氨水', model: '20% 脱硝用', pu: true, price: '780.0000', top: '850.0000', lossPct: '0.1000', dangerous: true, scene: true },
  { code: '0401001', cls: '0401', name: '硅酸盐水泥熟料', model: 'P.II 42.5级熟料 f-CaO≤1.5%', sa: true, price: '300.0000', overload: true, sample: true, pnmary: 'TARE_FIRST', alsoJc: true },
  { code: '0501001', cls: '0501', name: '普通硅酸盐水泥 P.O 42.5 袋装', model: 'P.O 42.5 50kg/袋', sa: true, price: '385.0000', overload: true, pack: { piece: '0.050000', bag: '0.000150' }, alsoJc: true },
  { code: '0501002', cls: '0501', name: '复合硅酸盐水泥 P.C 32.5R 袋装', model: 'P.C 32.5R 50kg/袋', sa: true, price: '335.0000', overload: true, pack: { piece: '0.050000', bag: '0.000150' }, alsoJc: true },
  { code: '0502001', cls: '0502', name: '普通硅酸盐水泥 P.O 42.5 散装', model: 'P.O 42.5', sa: true, price: '355.0000', overload: true, scene: true, alsoJc: true },
  { code: '0502002', cls: '0502', name: '复合硅酸盐水泥 P.C 32.5R 散装', model: 'P.C 32.5R', sa: true, price: '305.0000', overload: true, scene: true, alsoJc: true },
  { code: '0502003', cls: '0502', name: '硅酸盐水泥 P.II 52.5 散装', model: 'P.II 52.5', sa: true, price: '430.0000', overload: true, scene: true, alsoJc: true },
];

// ---------------------------------------------------------------------------------------------
// Partners
// ---------------------------------------------------------------------------------------------

interface PartnerSeed {
  code: string;
  name: string;
  short: string;
  region: string;
  contact: string;
  address: string;
  owner: OrgCode;
  /** also allocated to the other company */
  shared?: boolean;
  remark?: string;
}

const VENDORS: PartnerSeed[] = [
  { code: 'GYS0001', name: '湖州明达矿业有限公司', short: '明达矿业', region: '330522', contact: '沈国平', address: '浙江省湖州市长兴县煤山镇明达矿区', owner: 'HDSN', remark: '石灰石主供' },
  { code: 'GYS0002', name: '长兴金鼎石料有限公司', short: '金鼎石料', region: '330522', contact: '钱卫东', address: '浙江省湖州市长兴县李家巷镇', owner: 'HDSN', remark: '石灰石、低品位石灰石' },
  { code: 'GYS0003', name: '安吉鸿运黏土开采有限公司', short: '鸿运黏土', region: '330523', contact: '陆海林', address: '浙江省湖州市安吉县孝丰镇', owner: 'HDSN' },
  { code: 'GYS0004', name: '德清宏盛砂石有限公司', short: '宏盛砂石', region: '330521', contact: '姚建华', address: '浙江省湖州市德清县洛舍镇', owner: 'HDSN' },
  { code: 'GYS0005', name: '马鞍山华亿矿产品贸易有限公司', short: '华亿矿产', region: '340504', contact: '汪志勇', address: '安徽省马鞍山市雨山区', owner: 'HDSN', remark: '铁矿石' },
  { code: 'GYS0006', name: '淮北恒泰煤炭销售有限公司', short: '恒泰煤炭', region: '340602', contact: '孙启明', address: '安徽省淮北市杜集区', owner: 'HDSN', remark: '烟煤' },
  { code: 'GYS0007', name: '浙江浙北能源物资有限公司', short: '浙北能源', region: '330502', contact: '潘晓东', address: '浙江省湖州市吴兴区织里镇', owner: 'HDSN', remark: '无烟煤、烟煤补充' },
  { code: 'GYS0008', name: '南京华石膏业有限公司', short: '华石膏业', region: '320115', contact: '蒋文斌', address: '江苏省南京市江宁区', owner: 'HDSN' },
  { code: 'GYS0009', name: '长兴永盛热电有限公司', short: '永盛热电', region: '330522', contact: '吴永红', address: '浙江省湖州市长兴县雉城街道', owner: 'HDSN', remark: '粉煤灰、脱硫石膏' },
  { code: 'GYS0010', name: '张家港宏达渣业有限公司', short: '宏达渣业', region: '320582', contact: '顾建新', address: '江苏省张家港市锦丰镇', owner: 'HDSN', remark: '矿渣粉、水渣' },
  { code: 'GYS0011', name: '宜兴建科助磨剂有限公司', short: '建科助磨剂', region: '320282', contact: '许国栋', address: '江苏省宜兴市高塍镇', owner: 'HDSN' },
  { code: 'GYS0012', name: '湖州恒安化工有限公司', short: '恒安化工', region: '330503', contact: '曹振华', address: '浙江省湖州市南浔区练市镇', owner: 'HDSN', remark: '氨水，危化品' },
];

const CUSTOMERS: PartnerSeed[] = [
  { code: 'KH0001', name: '湖州市城建工程有限公司', short: '湖州城建', region: '330502', contact: '邱立新', address: '浙江省湖州市吴兴区仁皇山路', owner: 'HDSN', shared: true },
  { code: 'KH0002', name: '浙江交建路桥工程有限公司', short: '交建路桥', region: '330106', contact: '方德胜', address: '浙江省杭州市西湖区', owner: 'HDSN' },
  { code: 'KH0003', name: '长兴恒达商品混凝土有限公司', short: '恒达商砼', region: '330522', contact: '周金龙', address: '浙江省湖州市长兴县画溪街道', owner: 'HDSN', remark: '搅拌站' },
  { code: 'KH0004', name: '湖州金辉混凝土有限公司', short: '金辉混凝土', region: '330503', contact: '朱宝山', address: '浙江省湖州市南浔区双林镇', owner: 'HDSN', remark: '搅拌站' },
  { code: 'KH0005', name: '德清县建工集团有限公司', short: '德清建工', region: '330521', contact: '章长青', address: '浙江省湖州市德清县武康街道', owner: 'HDSN', shared: true },
  { code: 'KH0006', name: '安吉宏远建材经营部', short: '宏远建材', region: '330523', contact: '叶小平', address: '浙江省湖州市安吉县递铺街道', owner: 'HDSN', remark: '经销商，袋装为主' },
  { code: 'KH0007', name: '杭州杭嘉湖建设工程有限公司', short: '杭嘉湖建设', region: '330110', contact: '沈少峰', address: '浙江省杭州市余杭区', owner: 'HDSN', shared: true },
  { code: 'KH0008', name: '宜兴市众鑫管桩有限公司', short: '众鑫管桩', region: '320282', contact: '华庆丰', address: '江苏省宜兴市官林镇', owner: 'HDSN', remark: '管桩厂，P.II 52.5' },
  { code: 'KH0009', name: '嘉兴华兴商砼有限公司', short: '华兴商砼', region: '330402', contact: '钟秋生', address: '浙江省嘉兴市南湖区', owner: 'HDJC', remark: '搅拌站' },
  { code: 'KH0010', name: '苏州吴江恒发混凝土有限公司', short: '恒发混凝土', region: '320509', contact: '严振宇', address: '江苏省苏州市吴江区', owner: 'HDJC', remark: '搅拌站' },
  { code: 'KH0011', name: '湖州南浔永兴水泥制品厂', short: '永兴水泥制品', region: '330503', contact: '沈阿三', address: '浙江省湖州市南浔区菱湖镇', owner: 'HDJC' },
  { code: 'KH0012', name: '上海青浦建工混凝土有限公司', short: '青浦建工', region: '310118', contact: '陶文华', address: '上海市青浦区华新镇', owner: 'HDJC', shared: true },
];

const CARRIERS: (PartnerSeed & { permit: string })[] = [
  { code: 'CYS001', name: '湖州顺达物流有限公司', short: '顺达物流', region: '330502', contact: '凌志刚', address: '浙江省湖州市吴兴区八里店镇', owner: 'HDSN', shared: true, permit: '浙交运管许可湖字330502100331号' },
  { code: 'CYS002', name: '长兴通运汽车运输有限公司', short: '通运汽运', region: '330522', contact: '邵建国', address: '浙江省湖州市长兴县雉城街道', owner: 'HDSN', permit: '浙交运管许可湖字330522100845号' },
  { code: 'CYS003', name: '德清远航散装物流有限公司', short: '远航散装', region: '330521', contact: '莫海军', address: '浙江省湖州市德清县新市镇', owner: 'HDSN', shared: true, permit: '浙交运管许可湖字330521101127号', remark: '散装水泥罐车' },
  { code: 'CYS004', name: '湖州安达危险品运输有限公司', short: '安达危运', region: '330503', contact: '闵卫国', address: '浙江省湖州市南浔区和孚镇', owner: 'HDSN', permit: '浙交运管许可湖字330503200062号', remark: '危险货物道路运输' },
];

// ---------------------------------------------------------------------------------------------
// Warehouses, areas, silos
// ---------------------------------------------------------------------------------------------

interface WarehouseSeed {
  code: string;
  name: string;
  kind: 'YARD' | 'SHED' | 'SILO' | 'HOUSE' | 'TANK' | 'VIRTUAL';
  areas?: { code: string; name: string; capacity?: string }[];
  silos?: { code: string; name: string; capacity: string; material?: string }[];
}

const WAREHOUSES: Record<OrgCode, WarehouseSeed[]> = {
  HDSN: [
    { code: 'CK01', name: '原料堆场', kind: 'YARD', areas: [
      { code: 'A', name: '石灰石堆场', capacity: '60000.000' }, { code: 'B', name: '黏土堆场', capacity: '15000.000' },
      { code: 'C', name: '砂岩堆场', capacity: '12000.000' }, { code: 'D', name: '铁矿石堆场', capacity: '5000.000' },
    ] },
    { code: 'CK02', name: '燃料堆棚', kind: 'SHED', areas: [
      { code: 'A', name: '原煤一区', capacity: '20000.000' }, { code: 'B', name: '原煤二区', capacity: '20000.000' },
    ] },
    { code: 'CK03', name: '辅料堆棚', kind: 'SHED', areas: [
      { code: 'A', name: '石膏区', capacity: '8000.000' }, { code: 'B', name: '水渣区', capacity: '10000.000' },
    ] },
    { code: 'CK04', name: '熟料库', kind: 'SILO', silos: [
      { code: 'SL01', name: '1#熟料库', capacity: '50000.000', material: '0401001' },
      { code: 'SL02', name: '2#熟料库', capacity: '50000.000', material: '0401001' },
    ] },
    { code: 'CK05', name: '水泥库', kind: 'SILO', silos: [
      { code: 'SN01', name: '1#水泥库', capacity: '5000.000', material: '0502001' },
      { code: 'SN02', name: '2#水泥库', capacity: '5000.000', material: '0502001' },
      { code: 'SN03', name: '3#水泥库', capacity: '5000.000', material: '0502002' },
      { code: 'SN04', name: '4#水泥库', capacity: '5000.000', material: '0502002' },
      { code: 'SN05', name: '5#水泥库', capacity: '5000.000', material: '0502003' },
      { code: 'SN06', name: '6#水泥库', capacity: '5000.000' },
    ] },
    { code: 'CK06', name: '混合材库', kind: 'SILO', silos: [
      { code: 'HH01', name: '粉煤灰库', capacity: '3000.000', material: '0302001' },
      { code: 'HH02', name: '矿渣粉库', capacity: '3000.000', material: '0302002' },
    ] },
    { code: 'CK07', name: '袋装成品库', kind: 'HOUSE', areas: [
      { code: 'A', name: 'P.O 42.5 袋装区', capacity: '3000.000' }, { code: 'B', name: 'P.C 32.5R 袋装区', capacity: '3000.000' },
    ] },
    { code: 'CK08', name: '辅料罐区', kind: 'TANK', areas: [{ code: 'A', name: '氨水储罐', capacity: '200.000' }, { code: 'B', name: '助磨剂储罐', capacity: '60.000' }] },
  ],
  HDJC: [
    { code: 'CK01', name: '湖州中转库', kind: 'HOUSE', areas: [{ code: 'A', name: '袋装一区', capacity: '2000.000' }, { code: 'B', name: '袋装二区', capacity: '2000.000' }] },
    { code: 'CK02', name: '散装中转库', kind: 'SILO', silos: [
      { code: 'ZZ01', name: '1#中转罐', capacity: '1500.000', material: '0502001' },
      { code: 'ZZ02', name: '2#中转罐', capacity: '1500.000', material: '0502002' },
    ] },
    { code: 'CK03', name: '在途虚拟库', kind: 'VIRTUAL' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Fleet
// ---------------------------------------------------------------------------------------------

interface FleetSeed {
  org: OrgCode;
  count: number;
  carType: string;
  axles: number;
  length: string;
  capacity: [number, number];
  tare: [number, number];
  plates: string[];
  carrier: string | null;
  trailer?: boolean;
  uninstall?: boolean;
  dangerous?: boolean;
  newEnergy?: boolean;
  qualifications?: string;
}

// Tares and payloads of the trucks that haul to a cement plant; the sum stays within GB 1589's
// gross limit for the axle count (31 t on four axles, 49 t on six).
const FLEET: FleetSeed[] = [
  { org: 'HDSN', count: 9, carType: '重型自卸货车', axles: 4, length: '9.50', capacity: [14.5, 16], tare: [13.2, 14.6], plates: ['浙E'], carrier: 'CYS002', uninstall: true },
  { org: 'HDSN', count: 2, carType: '重型自卸货车(纯电动)', axles: 4, length: '9.60', capacity: [14, 15], tare: [14.8, 15.4], plates: ['浙E'], carrier: 'CYS002', uninstall: true, newEnergy: true },
  { org: 'HDSN', count: 6, carType: '重型半挂牵引车', axles: 6, length: '13.00', capacity: [30, 32], tare: [15.4, 16.8], plates: ['皖F', '皖F', '皖E'], carrier: 'CYS001', trailer: true },
  { org: 'HDSN', count: 6, carType: '重型罐式半挂车(散装水泥)', axles: 6, length: '13.00', capacity: [32, 33.5], tare: [14.2, 15.0], plates: ['浙E', '浙E', '浙A'], carrier: 'CYS003', trailer: true },
  { org: 'HDSN', count: 4, carType: '重型仓栅式半挂车', axles: 6, length: '13.00', capacity: [30, 32], tare: [15.8, 16.6], plates: ['浙E', '苏B'], carrier: null, trailer: true, qualifications: '个体挂靠' },
  { org: 'HDSN', count: 2, carType: '重型罐式货车(危险品)', axles: 3, length: '9.00', capacity: [11, 12], tare: [11.4, 12.2], plates: ['浙E'], carrier: 'CYS004', dangerous: true, qualifications: '危险货物运输(8类)' },
  { org: 'HDSN', count: 1, carType: '重型仓栅式货车', axles: 2, length: '6.80', capacity: [8, 9], tare: [6.6, 7.2], plates: ['浙E'], carrier: null },
  { org: 'HDJC', count: 4, carType: '重型罐式半挂车(散装水泥)', axles: 6, length: '13.00', capacity: [32, 33.5], tare: [14.2, 15.0], plates: ['苏E', '浙F', '沪D'], carrier: 'CYS003', trailer: true },
  { org: 'HDJC', count: 4, carType: '重型仓栅式半挂车', axles: 6, length: '13.00', capacity: [30, 32], tare: [15.8, 16.6], plates: ['浙E', '浙F'], carrier: 'CYS001', trailer: true },
  { org: 'HDJC', count: 2, carType: '重型仓栅式货车', axles: 2, length: '6.80', capacity: [8, 9], tare: [6.6, 7.2], plates: ['浙E'], carrier: null },
];

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '沈', '何', '郭', '马', '钱', '蒋', '姚'];
const GIVEN_MALE = ['建国', '国强', '卫东', '志刚', '海军', '春生', '明', '勇', '军', '伟', '磊', '强', '斌', '涛', '文华', '德胜', '红兵', '宝山', '长青', '立新', '金龙', '晓东', '振华', '庆丰', '少峰', '小平', '秋生', '永福'];
const GIVEN_FEMALE = ['秀英', '丽萍', '桂芳', '美华'];
// Counties where the drivers come from: around the plant, and the truck-driving counties of Anhui,
// Henan and Jiangsu.
const HOME_COUNTIES = ['330522', '330523', '330521', '330502', '330503', '340521', '341221', '411621', '341321', '320282', '340602'];
// Serial characters a plate may use: no I or O.
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function plateSerial(dice: Dice, length: number): string {
  // most serials are digits; about a third carry one letter, as issued plates do
  const chars = Array.from({ length }, () => String(dice.int(0, 9)));
  if (dice.int(0, 2) === 0) chars[dice.int(0, length - 1)] = dice.pick([...PLATE_LETTERS]);
  return chars.join('');
}

function makeIdNumber(dice: Dice, county: string, male: boolean): string {
  const y = dice.int(1968, 1996);
  const m = String(dice.int(1, 12)).padStart(2, '0');
  const d = String(dice.int(1, 28)).padStart(2, '0');
  // the 17th digit is odd for men, even for women
  const seq = `${dice.digits(2)}${dice.pick(male ? [1, 3, 5, 7, 9] : [0, 2, 4, 6, 8])}`;
  const first17 = `${county}${y}${m}${d}${seq}`;
  return first17 + idNumberCheckDigit(first17);
}

/**
 * Writes the master data for the demo group's two companies, inside the caller's transaction.
 * Expects orgIds to hold HDSN and HDJC; returns how many rows of each kind it wrote.
 */
export async function seedMasterData(tx: Tx, { groupId, orgIds }: { groupId: string; orgIds: ReadonlyMap<string, string> }): Promise<MasterDataCounts> {
  const org = (code: OrgCode) => {
    const id = orgIds.get(code);
    if (!id) throw new Error(`seedMasterData needs organisation ${code}`);
    return id;
  };
  const sn = org('HDSN');
  const jc = org('HDJC');
  const dice = new Dice(20_261_121);
  const both = [sn, jc];

  // Material classes: parents first, so the children can name them.
  const classIds = new Map<string, string>();
  for (const level of [CLASSES.filter((c) => !c.parent), CLASSES.filter((c) => c.parent)]) {
    const rows = await tx
      .insertInto('md_material_class')
      .values(level.map((c, i) => ({
        group_id: groupId, org_id: sn, invc_code: c.code, invc_name: c.name, sort: (i + 1) * 10,
        parent_id: c.parent ? (classIds.get(c.parent) as string) : null,
      })))
      .returning(['id', 'invc_code'])
      .execute();
    for (const r of rows) classIds.set(r.invc_code, r.id);
  }

  const materialRows = await tx
    .insertInto('md_material')
    .values(MATERIALS.map((m) => ({
      group_id: groupId, org_id: sn, invc_id: classIds.get(m.cls) as string, inv_code: m.code, inv_name: m.name,
      inner_code: `NC${m.code}`, model: m.model, unit: '吨', is_pu: m.pu ?? false, is_sa: m.sa ?? false,
      loss_percentage: m.lossPct ?? '0', loss_weight: m.lossWeight ?? '0',
      theory_weight: m.pack?.piece ?? null, pack_weight: m.pack?.bag ?? null,
      reference_price: m.price, top_buying_price: m.top ?? null, resource_type: 'NC' as const, doc_status: 'AUDITED' as const,
      hidden_deduct: m.hidden ?? '0', is_dangerous: m.dangerous ?? false, is_pack: Boolean(m.pack),
      is_sample: m.sample ?? false, overload: m.overload ?? false, pnmary: m.pnmary ?? null,
      scene_confirm: m.scene ?? false, weigh_type: 'TRUCK_SCALE' as const,
    })))
    .returning(['id', 'inv_code'])
    .execute();
  const materialIds = new Map(materialRows.map((r) => [r.inv_code, r.id]));
  const materialAlloc: Insertable<MdAllocation>[] = MATERIALS.flatMap((m) => {
    const archive_id = materialIds.get(m.code) as string;
    return (m.alsoJc ? both : [sn]).map((org_id) => ({ group_id: groupId, archive_id, org_id }));
  });
  await tx.insertInto('md_material_alloc').values(materialAlloc).execute();

  const partner = (p: PartnerSeed) => ({
    group_id: groupId, org_id: org(p.owner), short_name: p.short, credit_code: creditCode(dice, p.region),
    contact_person: p.contact, contact_phone: dice.int(0, 1) ? mobile(dice) : landline(dice),
    address: p.address, resource_type: 'NC' as const, remark: p.remark ?? null,
    // synchronised from the ERP and in use: audited, as documents may rely on them
    doc_status: 'AUDITED' as const,
  });
  const allocFor = (p: PartnerSeed, archive_id: string): Insertable<MdAllocation>[] =>
    (p.shared ? both : [org(p.owner)]).map((org_id) => ({ group_id: groupId, archive_id, org_id }));

  const vendorRows = await tx
    .insertInto('md_vendor')
    .values(VENDORS.map((v) => ({ ...partner(v), vendor_code: v.code, vendor_name: v.name })))
    .returning('id')
    .execute();
  await tx.insertInto('md_vendor_alloc').values(VENDORS.flatMap((v, i) => allocFor(v, vendorRows[i].id))).execute();

  const customerRows = await tx
    .insertInto('md_customer')
    .values(CUSTOMERS.map((c) => ({ ...partner(c), customer_code: c.code, customer_name: c.name })))
    .returning('id')
    .execute();
  await tx.insertInto('md_customer_alloc').values(CUSTOMERS.flatMap((c, i) => allocFor(c, customerRows[i].id))).execute();

  const carrierRows = await tx
    .insertInto('md_carrier')
    .values(CARRIERS.map((c) => ({ ...partner(c), carrier_code: c.code, carrier_name: c.name, transport_permit_no: c.permit })))
    .returning('id')
    .execute();
  await tx.insertInto('md_carrier_alloc').values(CARRIERS.flatMap((c, i) => allocFor(c, carrierRows[i].id))).execute();
  const carrierIds = new Map(CARRIERS.map((c, i) => [c.code, carrierRows[i].id]));

  // Warehouses, then their areas and silos in one statement each.
  let areaCount = 0;
  let siloCount = 0;
  let warehouseCount = 0;
  for (const code of ['HDSN', 'HDJC'] as const) {
    const orgId = org(code);
    const list = WAREHOUSES[code];
    const rows = await tx
      .insertInto('md_warehouse')
      .values(list.map((w) => ({ org_id: orgId, ware_code: w.code, ware_name: w.name, kind: w.kind })))
      .returning('id')
      .execute();
    warehouseCount += rows.length;
    const areas = list.flatMap((w, i) => (w.areas ?? []).map((a) => ({
      org_id: orgId, warehouse_id: rows[i].id, area_code: a.code, area_name: a.name, capacity: a.capacity ?? null,
    })));
    const silos = list.flatMap((w, i) => (w.silos ?? []).map((s) => ({
      org_id: orgId, warehouse_id: rows[i].id, silo_code: s.code, silo_name: s.name, capacity: s.capacity,
      material_id: s.material ? (materialIds.get(s.material) as string) : null,
    })));
    if (areas.length) await tx.insertInto('md_warehouse_area').values(areas).execute();
    if (silos.length) await tx.insertInto('md_silo').values(silos).execute();
    areaCount += areas.length;
    siloCount += silos.length;
  }

  // Drivers: 22 at the plant, 8 at the trading company, two of whom also drive for the plant.
  const drivers: Insertable<MdDriver>[] = [];
  const usedIds = new Set<string>();
  const usedNames = new Set<string>();
  const person = () => {
    for (;;) {
      const male = dice.int(0, 9) > 0;
      const name = dice.pick(SURNAMES) + dice.pick(male ? GIVEN_MALE : GIVEN_FEMALE);
      const idNumber = makeIdNumber(dice, dice.pick(HOME_COUNTIES), male);
      if (usedNames.has(name) || usedIds.has(idNumber)) continue;
      usedNames.add(name);
      usedIds.add(idNumber);
      return { name, idNumber };
    }
  };
  const driverRow = (orgId: string, p: { name: string; idNumber: string }, carrier: string | null, semi: boolean): Insertable<MdDriver> => ({
    org_id: orgId, driver_name: p.name, id_number: p.idNumber, mobile: mobile(dice),
    carrier_id: carrier ? (carrierIds.get(carrier) as string) : null,
    // the licence number is the holder's id number; semi-trailers need A2, other heavy trucks B2
    license_no: p.idNumber, license_class: semi ? 'A2' : 'B2', license_valid_to: dateIn(dice.int(120, 6 * 365)),
  });
  const snCarriers = ['CYS002', 'CYS002', 'CYS001', 'CYS003', 'CYS004', null] as const;
  const snPeople: { name: string; idNumber: string }[] = [];
  for (let i = 0; i < 22; i++) {
    const p = person();
    snPeople.push(p);
    const carrier = snCarriers[i % snCarriers.length];
    drivers.push(driverRow(sn, p, carrier, carrier === 'CYS001' || carrier === 'CYS003'));
  }
  const jcCarriers = ['CYS001', 'CYS003', null] as const;
  for (let i = 0; i < 8; i++) {
    // the first two are plant drivers of the shared carriers, registered here as well
    const p = i < 2 ? snPeople[[2, 3][i]] : person();
    const carrier = i < 2 ? snCarriers[[2, 3][i]] : jcCarriers[i % jcCarriers.length];
    drivers.push(driverRow(jc, p, carrier, carrier !== null));
  }
  await tx.insertInto('md_driver').values(drivers).execute();

  // Vehicles.
  const vehicles: Insertable<MdVehicle>[] = [];
  const usedPlates = new Set<string>();
  const uniquePlate = (make: () => string) => {
    for (;;) {
      const p = make();
      if (!usedPlates.has(p)) {
        usedPlates.add(p);
        return p;
      }
    }
  };
  for (const f of FLEET) {
    for (let i = 0; i < f.count; i++) {
      const prefix = f.plates[i % f.plates.length];
      // large new-energy trucks: five digits and D (pure electric)
      const plate = uniquePlate(() => (f.newEnergy ? `${prefix}${dice.digits(5)}D` : prefix + plateSerial(dice, 5)));
      const standard = Number(dice.decimal(f.tare[0], f.tare[1], 2));
      const last = (standard + dice.int(-150, 150) / 1000).toFixed(3);
      const average = (standard + dice.int(-60, 60) / 1000).toFixed(3);
      const privateOwner = f.carrier === null;
      const carrier = f.carrier ? CARRIERS.find((c) => c.code === f.carrier) : undefined;
      const roadFrom = dice.int(200, 700);
      vehicles.push({
        org_id: org(f.org), plate_number: plate, plate_type: (f.newEnergy ? 'YELLOW_GREEN' : 'YELLOW') as PlateType,
        car_type: f.carType, axle_type: f.axles, vehicle_length: f.length,
        capacity_tonnage: dice.decimal(f.capacity[0], f.capacity[1], 1),
        // one truck of the plant is overdue for its annual review, as happens
        annual_review_date: f.org === 'HDSN' && vehicles.length === 5 ? dateIn(-12) : dateIn(dice.int(20, 360)),
        qualifications: f.qualifications ?? null,
        car_owner: privateOwner ? dice.pick(SURNAMES) + dice.pick(GIVEN_MALE) : (carrier?.name ?? null),
        car_owner_mobile: mobile(dice),
        carrier_id: f.carrier ? (carrierIds.get(f.carrier) as string) : null,
        uninstall: f.uninstall ?? false,
        main_vehicle_driving_license: `${dice.digits(12)}`,
        main_vehicle_road_transport_license: `${prefix[0]}交运管字${dice.digits(12)}号`,
        main_vehicle_road_transport_valid_from: dateIn(-roadFrom),
        main_vehicle_road_transport_valid_to: dateIn(-roadFrom + 3 * 365),
        has_trailer: f.trailer ?? false,
        trailer_plate_number: f.trailer ? uniquePlate(() => `${prefix}${plateSerial(dice, 4)}挂`) : null,
        trailer_driving_license: f.trailer ? dice.digits(12) : null,
        trailer_road_transport_license: f.trailer ? `${prefix[0]}交运管字${dice.digits(12)}号` : null,
        trailer_road_transport_valid_from: f.trailer ? dateIn(-roadFrom) : null,
        trailer_road_transport_valid_to: f.trailer ? dateIn(-roadFrom + 3 * 365) : null,
        is_dangerous_chemicals: f.dangerous ?? false,
        dangerous_chemicals_road_transport_license: f.dangerous ? `浙危运湖字${dice.digits(8)}号` : null,
        road_transport_license: f.dangerous ? `330503${dice.digits(6)}` : null,
        road_transport_license_valid_from: f.dangerous ? dateIn(-200) : null,
        road_transport_license_valid_to: f.dangerous ? dateIn(165) : null,
        last_tare: last, average_tare: average, standard_tare: standard.toFixed(3),
        tare_time: timeAgo(dice.int(30, 30 * 24 * 60)), tare_count: dice.int(3, 180),
      });
    }
  }
  const vehicleRows = await tx.insertInto('md_vehicle').values(vehicles).returning(['id', 'org_id']).execute();

  // IC cards: fixed cards for most of each company's fleet, a lost card with its replacement,
  // temporary cards for trucks that come once, one damaged.
  const cards: Insertable<MdIcCard>[] = [];
  const usedUids = new Set<string>();
  const uid = () => {
    for (;;) {
      const u = Array.from({ length: 8 }, () => '0123456789ABCDEF'[dice.int(0, 15)]).join('');
      if (!usedUids.has(u)) {
        usedUids.add(u);
        return u;
      }
    }
  };
  for (const [code, orgId, prefix, fixed, temporary] of [['HDSN', sn, '10', 18, 6], ['HDJC', jc, '20', 6, 2]] as const) {
    const fleet = vehicleRows.filter((v) => v.org_id === orgId);
    let serial = 1000;
    const cardNo = () => `${prefix}${String(++serial).padStart(8, '0')}`;
    for (let i = 0; i < fixed; i++) cards.push({ org_id: orgId, card_no: cardNo(), card_uid: uid(), card_kind: 'FIXED', state: 'NORMAL', vehicle_id: fleet[i].id });
    if (code === 'HDSN') {
      const truck = fleet[fixed].id;
      cards.push({ org_id: orgId, card_no: cardNo(), card_uid: uid(), card_kind: 'FIXED', state: 'LOST', vehicle_id: truck, lost_at: timeAgo(9 * 24 * 60), remark: '司机报失，已补卡' });
      cards.push({ org_id: orgId, card_no: cardNo(), card_uid: uid(), card_kind: 'FIXED', state: 'NORMAL', vehicle_id: truck, remark: '补卡' });
      cards.push({ org_id: orgId, card_no: cardNo(), card_uid: uid(), card_kind: 'TEMPORARY', state: 'DAMAGED', remark: '读卡失败，卡面断裂' });
    }
    for (let i = 0; i < temporary; i++) cards.push({ org_id: orgId, card_no: cardNo(), card_uid: uid(), card_kind: 'TEMPORARY', state: 'NORMAL' });
  }
  await tx.insertInto('md_ic_card').values(cards).execute();

  // Blacklist at the plant: a truck caught cheating the scale, and a person who registered with
  // somebody else's id card.
  const cheat = uniquePlate(() => `皖F${plateSerial(dice, 5)}`);
  const impostor = makeIdNumber(dice, '341221', true);
  const blacklist = [
    { org_id: sn, plate_number: cheat, reason: '过磅时车厢夹带积水，扣重作弊', valid_from: timeAgo(40 * 24 * 60), valid_until: new Date(todayUtc() + 140 * DAY_MS) },
    { org_id: sn, id_number: impostor, reason: '冒用他人身份证办理进厂登记', valid_from: timeAgo(75 * 24 * 60), valid_until: null, remark: '长期' },
  ];
  await tx.insertInto('md_blacklist').values(blacklist).execute();

  await seedCompanyLists(tx, sn, jc);

  return {
    materialClasses: CLASSES.length, materials: MATERIALS.length, vendors: VENDORS.length, customers: CUSTOMERS.length,
    carriers: CARRIERS.length, warehouses: warehouseCount, areas: areaCount, silos: siloCount, vehicles: vehicles.length,
    drivers: drivers.length, icCards: cards.length, blacklist: blacklist.length,
  };
}

const DICTIONARIES = [
  { code: 'CAR_TYPE', name: '车型', items: [['ZXHC', '重型自卸货车'], ['BGC', '半挂牵引车'], ['GTC', '罐式货车'], ['LBC', '栏板货车']] },
  { code: 'PACKING', name: '包装方式', items: [['SZ', '散装'], ['DZ', '袋装'], ['DB', '吨包']] },
];
const SHIP_POINTS = ['SIGN_IN', 'CALL', 'GATE_IN', 'TARE', 'SCENE_CONFIRM', 'GROSS', 'NET', 'GATE_OUT'];
const RECEIVE_POINTS = ['SIGN_IN', 'GATE_IN', 'GROSS', 'SCENE_CONFIRM', 'TARE', 'NET', 'GATE_OUT'];

/** Each company's own short lists: dictionaries, discharge points, lines, factories and persons. */
async function seedCompanyLists(tx: Tx, sn: string, jc: string): Promise<void> {
  const dice = new Dice(20_261_122);
  for (const orgId of [sn, jc]) {
    for (const [i, d] of DICTIONARIES.entries()) {
      const type = await tx.insertInto('md_dict_type').values({ org_id: orgId, type_code: d.code, type_name: d.name, sort: (i + 1) * 10 })
        .returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('md_dict_item')
        .values(d.items.map(([code, label], j) => ({ org_id: orgId, type_id: type.id, item_code: code, item_label: label, sort: (j + 1) * 10 })))
        .execute();
    }
    const warehouses = await tx.selectFrom('md_warehouse').select(['id', 'ware_name']).where('org_id', '=', orgId).orderBy('id').limit(3).execute();
    await tx.insertInto('md_discharge_point')
      .values(warehouses.map((w, i) => ({ org_id: orgId, point_code: `XH${String(i + 1).padStart(3, '0')}`, title: `${i + 1}#${w.ware_name}卸货点`, sort: (i + 1) * 10, warehouse_id: w.id })))
      .execute();
    const lines = orgId === sn
      ? [{ code: 'XL001', name: '水泥发货线路', direction: 'SHIP' as const, points: SHIP_POINTS }, { code: 'XL002', name: '原燃料收货线路', direction: 'RECEIVE' as const, points: RECEIVE_POINTS }]
      : [{ code: 'XL001', name: '商品发货线路', direction: 'SHIP' as const, points: SHIP_POINTS }];
    for (const l of lines) {
      const line = await tx.insertInto('md_line').values({ org_id: orgId, line_code: l.code, line_name: l.name, direction: l.direction }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('md_line_point').values(l.points.map((point, i) => ({ org_id: orgId, line_id: line.id, seq: (i + 1) * 10, point }))).execute();
    }
  }
  await tx.insertInto('md_factory').values([
    { org_id: sn, factory_code: 'GC01', factory_name: '熟料生产基地', address: '浙江省湖州市长兴县煤山镇' },
    { org_id: sn, factory_code: 'GC02', factory_name: '粉磨站', address: '浙江省湖州市长兴县李家巷镇' },
    { org_id: jc, factory_code: 'GC01', factory_name: '商品混凝土站', address: '浙江省湖州市吴兴区八里店镇' },
  ]).execute();
  const staff: [string, string, string][] = [
    [sn, '王建国', '物流部'], [sn, '李秀英', '质检部'], [sn, '陈志强', '保卫部'], [sn, '赵丽娟', '财务部'], [jc, '周海峰', '销售部'],
  ];
  await tx.insertInto('md_person').values(staff.map(([orgId, name, department], i) => ({
    org_id: orgId, person_code: `RY${String(i + 1).padStart(4, '0')}`, person_name: name, department,
    mobile: mobile(dice), id_number: makeIdNumber(dice, dice.pick(HOME_COUNTIES), i % 2 === 0),
  }))).execute();
}
