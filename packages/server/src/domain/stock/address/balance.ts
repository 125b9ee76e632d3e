import { defineListTemplate } from '../../../platform/templates/define';
import { ADDRESS_KINDS } from './rules';

/**
 * 库存地址结存: the balance of each stock address and material (view wb_stock_address_balance,
 * migration 081): the live stock records naming the address, in less out. A ticket's record names
 * its address once the address is assigned before its posting (assign.ts, posting.ts).
 */
export const ADDRESS_BALANCE_PATH = '/masterdata/stock-address-balance';
export const ADDRESS_BALANCE_URL = '/api/masterdata/stock-address/balance/v2/list';
export const ADDRESS_BALANCE_PERMISSION = 'md_stock_address_balance_view';

const address = (column: string) => `(SELECT a.${column} FROM md_stock_address a WHERE a.id = t.stock_address_id)`;
const quantity = (fieldName: string, fieldExplain: string, fieldExplainEn: string, column: string) => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER' as const, displayKind: 'weight' as const, columnSql: `t.${column}`, itotal: true, isortField: true, columnWidth: 110,
});

export const addressBalanceList = defineListTemplate({
  formatCode: 'masterdata.stock-address.balance.list', formatName: '库存地址结存', formatNameEn: 'Stock by address', mainTable: 'wb_stock_address_balance',
  resUrl: ADDRESS_BALANCE_URL, menuPath: ADDRESS_BALANCE_PATH,
  fields: [
    { fieldName: 'wareName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: '(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id)',
      iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'addressCode', fieldExplain: '地址编码', fieldExplainEn: 'Address code', fieldType: 'TEXT', columnSql: address('address_code'),
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 110 },
    { fieldName: 'addressName', fieldExplain: '库存地址', fieldExplainEn: 'Stock address', fieldType: 'TEXT', columnSql: address('address_name'), iallowQuery: true, searchType: 'input', columnWidth: 150 },
    { fieldName: 'kind', fieldExplain: '地址类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: address('kind'), columnWidth: 100,
      options: ADDRESS_KINDS.map((k) => ({ value: k.value, label: k.label, labelEn: k.labelEn })) },
    { fieldName: 'stockAddressId', fieldExplain: '地址编号', fieldExplainEn: 'Address id', fieldType: 'TEXT', columnSql: 't.stock_address_id::text', iallowQuery: true, ishow: false, ihidden: true },
    { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', columnSql: '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)', columnWidth: 110 },
    { fieldName: 'invName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)',
      iallowQuery: true, searchType: 'input', columnWidth: 180 },
    quantity('quantityIn', '入库量(吨)', 'In (t)', 'quantity_in'),
    quantity('quantityOut', '出库量(吨)', 'Out (t)', 'quantity_out'),
    quantity('quantity', '结存(吨)', 'Balance (t)', 'quantity'),
    { fieldName: 'lastPostedAt', fieldExplain: '最近记账', fieldExplainEn: 'Last posted', fieldType: 'DATE', columnSql: 't.last_posted_at', isortField: true, columnWidth: 170 },
  ],
});
