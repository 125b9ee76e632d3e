/**
 * The error catalogue (spec: calls-errors-constants section 8). The HTTP status is the code the
 * client reacts to; the message is what a user reads. Server and web share these texts.
 */
export const ErrorCodes = {
  badRequest: { status: 400, zh: '请求参数错误', en: 'Bad request' },
  expired: { status: 401, zh: '长时间未操作, 登录已失效, 请重新登录', en: 'Your login expired after a long inactivity; please sign in again' },
  forbidden: { status: 403, zh: '没有权限执行此操作', en: 'No permission for this operation' },
  notFound: { status: 404, zh: '资源不存在', en: 'The resource does not exist' },
  noBoundAccount: { status: 417, zh: '未绑定登录账号，请使用密码登录后绑定', en: 'No login account bound; sign in with a password, then bind' },
  demo: { status: 423, zh: '演示环境，没有权限操作', en: 'Demo environment: no permission' },
  demoAlt: { status: 479, zh: '演示环境，没有权限操作', en: 'Demo environment: no permission' },
  badCredentials: { status: 426, zh: '用户名或密码错误', en: 'Wrong user name or password' },
  badCaptcha: { status: 428, zh: '验证码错误,请重新输入', en: 'Wrong captcha, please enter it again' },
  tooFrequent: { status: 429, zh: '请求过于频繁', en: 'Requests too frequent' },
  conflict: { status: 409, zh: '数据已被修改，请刷新后重试', en: 'The data changed meanwhile; refresh and retry' },
  internal: { status: 500, zh: '系统内部错误，请联系管理员', en: 'Internal system error, contact the administrator' },
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/** Client-side texts of the catalogue that have no server status of their own. */
export const ClientMessages = {
  status000: { zh: '操作太频繁，请勿重复请求', en: 'Too frequent, do not repeat the request' },
  unknown: { zh: '未知系统错误，请反馈给管理员', en: 'Unknown system error, report it to the administrator' },
  timeout: { zh: '请求超时', en: 'Request timed out' },
  noUserInfo: { zh: '当前用户信息不存在', en: 'The current user information does not exist' },
  reLogin: { zh: '登录状态已失效，请重新登录', en: 'Your session is no longer valid; sign in again' },
} as const;

/** Marker a server message carries when the client must sign in again (spec: re-login marker). */
export const RELOGIN_MARKER = '重新登录';
