import type { DataScope, WeighParamKey } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the administration pages, Chinese first (spec: zh-CN default, English switchable). */
const zh = {
  common: {
    add: '新增', edit: '修改', remove: '删除', enable: '启用', disable: '停用', save: '保存', cancel: '取消', enabled: '启用', disabled: '停用',
    status: '状态', actions: '操作', saved: '保存成功', search: '查询', keyword: '用户名或姓名', total: '共 {{total}} 条', yes: '是', no: '否',
    confirmDelete: '确定删除 {{name}} 吗?', choose: '请在左侧选择一行', reload: '刷新',
  },
  params: {
    title: '参数设置', intro: '当前公司的过磅参数，保存后下一次过磅即按新参数执行。', save: '保存参数', reset: '还原未保存的修改',
    none: '不校验', warn: '提醒', forbid: '禁止', confirm: '确认后放行', round: '四舍五入', truncate: '截位（舍去）', carry: '进位', t: '吨 (t)', kg: '千克 (kg)',
    hours: '小时', minutes: '分钟', digits: '位小数', halfUp: '四舍五入', halfEven: '银行家舍入（五成双）', down: '舍去', yuan: '元',
  },
  paramLabels: {
    tareValidHours: ['皮重有效期', '车辆存储皮重的有效时长：-1 表示不限，0 表示每趟都必须回皮。'],
    tareAlarmKg: ['皮重报警差值 (kg)', '本次皮重与该车上次或平均皮重相差超过此千克数时报警。'],
    tareAlarmPercent: ['皮重报警比例 (%)', '本次皮重与该车上次或平均皮重相差超过此百分比时报警。'],
    overloadCheck: ['超载校验', '毛重超过车辆核定载重时的处理方式。'],
    repeatedReadingCheck: ['连续两次毛重/皮重', '同一车辆连续两次称毛重或连续两次称皮重时的处理方式。'],
    emptyGrossCheck: ['空车称毛重', '毛重与上次皮重之差小于下面的千克数时视为空车，按此处理。'],
    emptyGrossKg: ['空车判定差值 (kg)', '默认 60 kg：毛重 - 上次皮重 小于此值即为空车。'],
    sameWeightCheck: ['相同重量校验（防作弊）', '在下面的分钟数内出现相同重量时的处理方式。'],
    sameWeightMinutes: ['相同重量时间窗', '在多少分钟内比较相同重量。'],
    zeroWeightCheck: ['零重量校验', '读数为 0 时的处理方式。'],
    unstableCheck: ['读数不稳定校验', '地磅读数尚未稳定时的处理方式。'],
    reversedOrder: ['毛皮重顺序颠倒', '二次过磅与业务应有的顺序相反（采购先毛后皮，销售先皮后毛）时：禁止，或经操作员确认后放行并在磅单与称重日志中标记。'],
    netOutOfRange: ['净重超出范围', '净重低于物料最小净重，或载重超过车辆核定载质量时：禁止，或经操作员确认后放行并在磅单与称重日志中标记。'],
    weightRounding: ['重量取值方式', '记录重量时按精度四舍五入、截位或进位。'],
    weightPrecision: ['重量精度', '重量保留的小数位数。'],
    weightUnit: ['计量单位', '按吨或千克计算重量。'],
    moneyPrecision: ['金额精度', '金额保留的小数位数。'],
    unitPricePrecision: ['单价精度', '单价保留的小数位数。'],
    assayPrecision: ['化验值精度', '化验结果保留的小数位数。'],
    payRounding: ['收付款取整', '结算、发票、收付款等收付金额一律保留到分，按此规则取整一次，差额记为取整调整行。'],
    receiptCeiling: ['收款金额上限', '一张收款单的金额超过此数（元）即拒绝，防止录入错误。'],
    refundCeiling: ['退款金额上限', '一张退款单的金额超过此数（元）即拒绝。'],
    creditCeiling: ['授信额度上限', '一张授信单的额度超过此数（元）即拒绝。'],
    paymentCeiling: ['付款金额上限', '结算的一笔付款或收款超过此数（元）即拒绝。'],
    invoiceCeiling: ['发票金额上限', '结算登记的一张发票超过此数（元）即拒绝。'],
    adjustCeiling: ['调整金额上限', '结算的一条调整行超过此数（元，按绝对值）即拒绝。'],
    negativeStockCheck: ['负库存校验', '记账、审核后某仓库某物料结存将小于 0 时的处理方式。'],
    overstayHours: ['在厂超时', '车辆进厂超过此小时数仍未出厂，计入首页的异常车辆。'],
  } satisfies Record<WeighParamKey, [string, string]>,
  roles: {
    code: '角色编码', name: '角色名称', nameEn: '英文名称', remark: '备注', users: '用户数', admin: '管理员', menus: '菜单权限', scope: '数据范围',
    holders: '用户', saveMenus: '保存权限', checkAll: '全选', uncheckAll: '全不选', orgs: '组织', assayItems: '化验项目', classes: '物料分类', codeRules: '编号前缀',
    scopeHint: '不选表示不限制。', saveScope: '保存数据范围', button: '按钮', newRole: '新增角色', editRole: '修改角色', company: '公司',
    orgsSource: '集团内公司', orgsTarget: '角色适用的公司',
    dataScope: '数据权限',
    dataScopes: { own: '本人', department: '本部门', company: '本公司', group: '集团' } satisfies Record<DataScope, string>,
    dataScopeHint: '列表与导出只显示所选范围内创建的单据；用户有多个角色时取最大范围。集团即当前公司的全部单据。',
  },
  users: {
    username: '用户名', realName: '姓名', mobile: '手机号', email: '邮箱', orgs: '所属公司与角色', createDate: '创建时间', password: '初始密码',
    passwordHint: '至少8位，包含大写字母、小写字母、数字、特殊字符中的至少三种；首次登录须修改。', newUser: '新增用户', editUser: '修改用户',
    addOrg: '添加公司', company: '公司', roles: '角色', assayItems: '可录入的化验项目', resetPassword: '重置密码', newPassword: '新密码',
    memberships: '公司与角色', saveMemberships: '保存公司与角色', saveAssayItems: '保存化验项目',
    chooseAssayItems: '选择化验项目', noAssayItems: '未选择化验项目',
  },
  menus: {
    name: '名称', nameEn: '英文名称', kind: '类型', menu: '菜单', button: '按钮', path: '路径', component: '组件', icon: '图标', permission: '权限标识',
    sort: '排序', keepAlive: '缓存页面', menuFlag: '端', web: '网页', app: '手持机', parent: '上级', root: '（顶级）', addChild: '新增下级',
    newEntry: '新增菜单', editEntry: '修改菜单', scan: '扫描前端资源', unbound: '未绑定菜单的页面', unknown: '菜单指向不存在的页面',
    unregistered: '接口使用但未登记的权限标识', allGood: '菜单与前端资源一致',
  },
};

export type AdminTexts = typeof zh;

const en: AdminTexts = {
  common: {
    add: 'Add', edit: 'Edit', remove: 'Delete', enable: 'Enable', disable: 'Disable', save: 'Save', cancel: 'Cancel', enabled: 'Enabled', disabled: 'Disabled',
    status: 'Status', actions: 'Actions', saved: 'Saved', search: 'Search', keyword: 'User name or name', total: '{{total}} in all', yes: 'Yes', no: 'No',
    confirmDelete: 'Delete {{name}}?', choose: 'Choose a row on the left', reload: 'Reload',
  },
  params: {
    title: 'Parameters', intro: 'Weighing parameters of the current company; the next weighing uses what you save.', save: 'Save parameters', reset: 'Undo unsaved changes',
    none: 'No check', warn: 'Warn', forbid: 'Forbid', confirm: 'Confirm to pass', round: 'Round', truncate: 'Truncate', carry: 'Carry', t: 'Ton (t)', kg: 'Kilogram (kg)',
    hours: 'hours', minutes: 'minutes', digits: 'decimals', halfUp: 'Half up', halfEven: 'Half even (banker\'s)', down: 'Down (truncate)', yuan: 'yuan',
  },
  paramLabels: {
    tareValidHours: ['Tare valid for', 'How long a stored tare stays valid: -1 unlimited, 0 a tare on every trip.'],
    tareAlarmKg: ['Tare alarm (kg)', 'Alarm when a tare differs from the vehicle\'s last or average tare by more kilograms than this.'],
    tareAlarmPercent: ['Tare alarm (%)', 'Alarm when a tare differs from the vehicle\'s last or average tare by more than this percentage.'],
    overloadCheck: ['Overload', 'What to do when a gross is over the vehicle\'s load limit.'],
    repeatedReadingCheck: ['Two gross or two tare in a row', 'What to do when a vehicle weighs gross twice or tare twice in a row.'],
    emptyGrossCheck: ['Empty truck as gross', 'A gross within the kilograms below of the last tare is an empty truck.'],
    emptyGrossKg: ['Empty truck margin (kg)', 'Default 60 kg: gross - last tare below this is an empty truck.'],
    sameWeightCheck: ['Same weight (cheating)', 'What to do when the same weight is seen within the minutes below.'],
    sameWeightMinutes: ['Same weight window', 'Minutes within which equal weights are compared.'],
    zeroWeightCheck: ['Zero weight', 'What to do with a reading of 0.'],
    unstableCheck: ['Unstable reading', 'What to do while the scale has not settled.'],
    reversedOrder: ['Reversed weighing order', 'A second reading against the order of its kind (purchase gross first, sales tare first): forbid, or let through on the operator\'s confirmation, marked on the ticket and in the weigh log.'],
    netOutOfRange: ['Net out of range', 'A net below the material\'s minimum, or a load above the vehicle\'s rated load: forbid, or let through on the operator\'s confirmation, marked on the ticket and in the weigh log.'],
    weightRounding: ['Weight rounding', 'Round, truncate or carry recorded weights to the precision.'],
    weightPrecision: ['Weight precision', 'Decimals kept in weights.'],
    weightUnit: ['Unit', 'Compute weights in tons or kilograms.'],
    moneyPrecision: ['Money precision', 'Decimals kept in amounts.'],
    unitPricePrecision: ['Unit price precision', 'Decimals kept in unit prices.'],
    assayPrecision: ['Assay precision', 'Decimals kept in assay results.'],
    payRounding: ['Rounding of payments', 'Amounts paid or received (settlements, invoices, receipts, payments) are kept in cents, rounded once by this rule; the difference is a rounding row.'],
    receiptCeiling: ['Receipt ceiling', 'A receipt above this many yuan is refused as a typing slip.'],
    refundCeiling: ['Refund ceiling', 'A refund above this many yuan is refused.'],
    creditCeiling: ['Credit ceiling', 'A credit line above this many yuan is refused.'],
    paymentCeiling: ['Payment ceiling', 'A settlement payment above this many yuan is refused.'],
    invoiceCeiling: ['Invoice ceiling', 'A settlement invoice above this many yuan is refused.'],
    adjustCeiling: ['Adjustment ceiling', 'A settlement adjustment row larger than this many yuan is refused.'],
    negativeStockCheck: ['Negative stock', 'What to do when posting would leave a warehouse\'s balance of a material below 0.'],
    overstayHours: ['In the plant too long', 'A truck still inside this many hours after entering counts among the home page\'s errors.'],
  },
  roles: {
    code: 'Code', name: 'Name', nameEn: 'English name', remark: 'Remark', users: 'Users', admin: 'Administrator', menus: 'Menu permissions', scope: 'Data scope',
    holders: 'Users', saveMenus: 'Save permissions', checkAll: 'All', uncheckAll: 'None', orgs: 'Companies', assayItems: 'Assay items', classes: 'Material classes', codeRules: 'Number prefixes',
    scopeHint: 'Leave empty for no restriction.', saveScope: 'Save data scope', button: 'Button', newRole: 'New role', editRole: 'Edit role', company: 'Company',
    orgsSource: 'Companies of the group', orgsTarget: 'Companies of this role',
    dataScope: 'Data access',
    dataScopes: { own: 'Own', department: 'Department', company: 'Company', group: 'Group' } satisfies Record<DataScope, string>,
    dataScopeHint: 'Lists and exports show only documents created within this scope; a user with several roles gets the widest. Group is all documents of the current company.',
  },
  users: {
    username: 'User name', realName: 'Name', mobile: 'Mobile', email: 'E-mail', orgs: 'Companies and roles', createDate: 'Created', password: 'Initial password',
    passwordHint: 'At least 8 characters with three of: upper case, lower case, digits, symbols; to be changed at first sign-in.', newUser: 'New user', editUser: 'Edit user',
    addOrg: 'Add company', company: 'Company', roles: 'Roles', assayItems: 'Assay items the user may enter', resetPassword: 'Reset password', newPassword: 'New password',
    memberships: 'Companies and roles', saveMemberships: 'Save companies and roles', saveAssayItems: 'Save assay items',
    chooseAssayItems: 'Choose assay items', noAssayItems: 'No assay items chosen',
  },
  menus: {
    name: 'Name', nameEn: 'English name', kind: 'Kind', menu: 'Menu', button: 'Button', path: 'Path', component: 'Component', icon: 'Icon', permission: 'Permission key',
    sort: 'Sort', keepAlive: 'Keep alive', menuFlag: 'Client', web: 'Web', app: 'Handset', parent: 'Parent', root: '(top level)', addChild: 'Add below',
    newEntry: 'New entry', editEntry: 'Edit entry', scan: 'Scan web resources', unbound: 'Pages no menu opens', unknown: 'Menus naming a missing page',
    unregistered: 'Permission keys routes check that no entry carries', allGood: 'The menus match the web\'s resources',
  },
};

export function useAdminTexts(): AdminTexts {
  return useEnglish() ? en : zh;
}

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
