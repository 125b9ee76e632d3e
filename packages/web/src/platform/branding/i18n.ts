/** Texts of the avatars, logos, the wall board and the pro sign-in (i18n key `brand`), Chinese first. */
export const brandingZh = {
  changeAvatar: '更换头像', avatarUpdated: '头像已更新', avatar: '头像', chooseImage: '选择图片',
  logos: '公司标识', logoMain: '主标识', logoSmall: '小标识', upload: '上传', remove: '移除', logoUpdated: '标识已更新', logoRemoved: '标识已移除',
  logoHint: '用于侧边栏、登录页、磅单打印和对账单抬头；常见图片格式，不超过 2 MB', noLogo: '未设置（使用平台标识）',
  board: {
    title: '厂区大屏', ticketsToday: '今日磅单', inPlant: '厂内车辆', tonsToday: '今日吨数', scales: '磅秤实时', interventions: '待处理干预',
    trucks: '辆', tickets: '单', tons: '吨', total: '合计', noScale: '没有在线磅点', noTruck: '厂内暂无车辆', noIntervention: '无待处理干预',
    stable: '稳定', unstable: '波动', noReading: '无读数', live: '实时', reconnecting: '重连中', updated: '更新于',
    plate: '车牌号', kind: '业务', material: '物料', entered: '入厂时间', state: '状态', station: '磅点', reason: '原因',
  },
  proCompany: '所属公司',
};

export const brandingEn: typeof brandingZh = {
  changeAvatar: 'Change avatar', avatarUpdated: 'Avatar updated', avatar: 'Avatar', chooseImage: 'Choose an image',
  logos: 'Company logos', logoMain: 'Main logo', logoSmall: 'Small logo', upload: 'Upload', remove: 'Remove', logoUpdated: 'Logo updated', logoRemoved: 'Logo removed',
  logoHint: 'Shown in the sidebar, the sign-in page, printed tickets and statement letterheads; JPG, PNG, GIF or WEBP up to 2 MB', noLogo: 'Not set (the platform mark is used)',
  board: {
    title: 'Plant wall board', ticketsToday: "Today's tickets", inPlant: 'Trucks in the plant', tonsToday: "Today's tons", scales: 'Scales live', interventions: 'Waiting interventions',
    trucks: 'trucks', tickets: 'tickets', tons: 't', total: 'Total', noScale: 'No scale online', noTruck: 'No truck in the plant', noIntervention: 'No waiting intervention',
    stable: 'Stable', unstable: 'Moving', noReading: 'No reading', live: 'Live', reconnecting: 'Reconnecting', updated: 'Updated',
    plate: 'Plate', kind: 'Kind', material: 'Material', entered: 'Entered', state: 'State', station: 'Station', reason: 'Reason',
  },
  proCompany: 'Company',
};
