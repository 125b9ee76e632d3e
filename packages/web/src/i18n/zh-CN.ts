import { templateFormZh } from '@/platform/templates/form/i18n';
import { brandingZh } from '@/platform/branding/i18n';
import { ticketDialogsZh } from '@/pages/ticket-dialogs/i18n';
import { contractDialogsZh } from '@/pages/contract-dialogs/i18n';
import { qualityLabZh } from '@/pages/quality-lab/i18n';
import { kioskZh } from '@/pages/quality/kiosk/i18n';
import { reportCentreZh } from '@/pages/report-centre/i18n';
import { freightPlanZh } from '@/pages/freight-plan/i18n';
import { settlementDialogsZh } from '@/pages/settlement-dialogs/i18n';
/** Chinese texts: the default language of the platform. */
export const zhCN = {
  app: { title: '统一称重管控平台', short: '统一称重管控平台', subtitle: '汽车衡称重 · 物流 · 结算 · 质检一体化管控' },
  common: {
    ok: '确 定', cancel: '取 消', confirm: '确定', tip: '提示', back: '返回', backHome: '返回首页', loading: '加载中',
    search: '查询', reset: '重置', total: '共 {{total}} 条', empty: '暂无数据',
  },
  nav: { menuFailed: '菜单加载失败', retry: '重新加载', home: '首页', editpwd: '修改密码', templateFree: '暂无模板', iframe: '外部页面', log: '操作日志' },
  login: {
    proNoCompany: '未找到此登录页的公司，请从普通登录页登录',
    welcome: '欢迎登录', username: '请输入用户名', password: '请输入密码', captcha: '请输入验证码', captchaTitle: '看不清？点击换一张',
    submit: '登 录', submitting: '登录中…', oidc: '统一身份认证登录', or: '或',
    usernameRequired: '请输入用户名', passwordRequired: '请输入密码', captchaRequired: '请输入验证码',
    forgot: '忘记密码', register: '注册账号', expired: '长时间未操作, 登录已失效, 请重新登录', relogin: '登录状态已失效，请重新登录',
    oidcWorking: '正在通过统一身份认证登录…', oidcFailed: '统一身份认证登录失败，请重新登录',
    features: ['采购、销售、调拨、移库、生产全业务过磅', '门岗登记、现场确认、IC卡一卡通', '合同、运费、结算与质检化验闭环'],
  },
  forgetpwd: { title: '忘记密码', text: '密码由系统管理员统一重置。请联系管理员重置密码，重置后首次登录需修改密码。' },
  register: { title: '注册账号', text: '平台账号由系统管理员开通并分配公司与角色，请联系管理员申请账号。' },
  lock: {
    title: '屏幕已锁定', hint: '请输入登录密码解锁', password: '请输入登录密码', unlock: '解 锁', signOut: '退出登录',
    required: '请输入密码', wrong: '密码错误，请重新输入',
  },
  top: {
    collapse: '收起菜单', expand: '展开菜单', search: '请输入搜索内容', noMatch: '没有匹配的菜单', chooseCompany: '请选择公司',
    theme: '主题', themes: { 'theme-white': '默认主题', 'theme-dark': '深色主题', 'theme-light': '浅色主题' },
    color: '主题色', lock: '锁屏', lockConfirm: '此操作将锁定屏幕, 解锁需要重新输入密码, 是否继续?', refresh: '刷新页面', fullscreen: '全屏', exitFullscreen: '退出全屏',
    language: '切换语言', settings: '系统设置', changePassword: '修改密码', logout: '退出登录', logoutConfirm: '退出系统, 是否继续?',
    log: '错误日志', company: '当前公司',
  },
  company: {
    title: '选择组织机构', orgCode: '组织编码', orgName: '组织名称', current: '当前', search: '请输入组织名称',
    atLeastOne: '最少选择一条数据！', atMostOne: '最多选择一条数据！', same: '现在所使用的就是当前公司！', switched: '已切换到 {{name}}',
  },
  settings: {
    title: '版权信息', version: '版本号', layout: '布局设置', showTags: '标签栏', showLog: '错误日志', showTheme: '主题切换',
    showColor: '主题色', showFullscreen: '全屏', showLock: '锁屏', showSearch: '菜单搜索', showCollapse: '菜单折叠',
    showTopMenu: '顶部菜单', rowHighlight: '选中行高亮', homeClosable: '首页可关闭',
  },
  tabs: { more: '更多', closeOthers: '关闭其他', closeAll: '关闭全部', close: '关闭', refresh: '刷新', lastTab: '最后一个标签不能关闭' },
  editpwd: {
    title: '修改密码', old: '原密码', new: '新密码', confirm: '确认新密码', submit: '保存修改',
    oldRequired: '请输入原密码', newRequired: '请输入新密码', confirmRequired: '请再次输入新密码', mismatch: '两次输入的新密码不一致',
    same: '新密码不能与原密码相同', success: '密码修改成功', forced: '您正在使用初始密码或过于简单的密码，请先修改密码。',
    rules: '密码长度 8-64 位，须包含大写字母、小写字母、数字、特殊字符中的至少三种，不能包含用户名。',
  },
  errors: {
    401: { title: '401', text: '抱歉，您需要先登录才能访问此页面' },
    403: { title: '403', text: '抱歉，您没有权限访问此页面' },
    404: { title: '404', text: '抱歉，您访问的页面不存在' },
    500: { title: '500', text: '抱歉，服务器出错了' },
  },
  templateFree: { title: '暂未配置模板', text: '“{{name}}”页面尚未配置模板，请联系管理员在模板配置中为该菜单绑定模板。', loadFailed: '页面加载失败' },
  home: {
    greeting: '{{part}}好，{{name}}', morning: '上午', afternoon: '下午', evening: '晚上',
    company: '当前公司', group: '所属集团', roles: '角色', version: '版本', entries: '常用功能', myCompanies: '我的公司',
    noEntries: '当前角色暂无可用菜单', current: '当前', switchHint: '点击顶部公司名称可切换公司',
  },
  clientLog: { title: '错误日志', empty: '暂无错误日志', clear: '清空', time: '时间', type: '类型', url: '地址', message: '信息' },
  report: { notConfigured: '该报表尚未配置', text: '“{{name}}”将在报表中心配置完成后在此显示。' },
  iframe: { missing: '缺少页面地址', open: '在新窗口打开' },
  templateForm: templateFormZh,
  ticketDialogs: ticketDialogsZh,
  brand: brandingZh,
  contractDialogs: contractDialogsZh,
  qualityLab: qualityLabZh,
  kiosk: kioskZh,
  reportCentre: reportCentreZh,
  freightPlan: freightPlanZh,
  settlementDialogs: settlementDialogsZh,
  dataSource: { pickOne: '请选择一个数据源' },
  announcement: {
    board: '公告', empty: '暂无公告', pinned: '置顶', window: '展示时间：{{from}} 至 {{to}}', unread: '{{count}} 条未读',
    level: { NORMAL: '普通', IMPORTANT: '重要', URGENT: '紧急' },
  },
  menuConfiguration: {
    empty: '尚未设置：首页显示各菜单的第一个页面', title: '设置首页快捷入口', role: '角色', pages: '页面', chooseRole: '请选择角色',
    hint: '勾选的页面按勾选顺序显示在该角色用户的首页', count: '已选 {{count}} / {{most}} 个', save: '保存', setUp: '设置',
  },
  listScreen: {
    search: '查询', reset: '重置', expand: '展开', collapse: '收起', advanced: '高级查询', more: '更多',
    quickSearch: '请输入{{fields}}', quickSearchAny: '请输入关键字', treeFilter: '输入关键字进行过滤', totalRow: '合计', estimated: '约',
    yes: '是', no: '否', like: '模糊查询', eq: '等于', from: '开始', to: '结束',
    selected: '已选 {{count}} 条', clearSelection: '清空选择', done: '操作成功', doneCount: '操作成功（{{count}} 条）',
    importTitle: '导入', importHint: '点击或拖拽 .xlsx 文件到此处上传', importTemplate: '下载导入模板', importDone: '成功导入 {{count}} 条',
    importRejected: '文件中有以下错误，未导入任何数据：', row: '行', field: '字段', problem: '问题',
    allocateTitle: '分配到组织', cancelAllocateTitle: '取消分配组织', chooseOrgs: '请选择组织',
    loading: '加载中', atLeastOneResource: '最少要选择一条数据！', noResource: '暂无配置的弹窗资源模板，请配置！', warmTip: '温馨提示',
    detailNoRoute: '请检查明细模板的列表请求方式和列表请求路由', atLeastOne: '请至少选择一条数据', unknownStyle: '暂不支持的模板样式：{{style}}', unknownAction: '暂不支持的按钮操作：{{action}}',
  },
};

export type Messages = typeof zhCN;
