import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the organisation structure pages, Chinese first. */
const zh = {
  assignUsers: '分配用户', assigned: '已分配 {{count}} 个用户', details: '查看详情', editGroup: '修改集团', group: '集团',
  groupName: '集团名称', groupCode: '集团编码', remark: '备注', groupSaved: '集团已保存', required: '必须填写集团名称',
};
export type OrgTexts = typeof zh;

const en: OrgTexts = {
  assignUsers: 'Assign users', assigned: '{{count}} users assigned', details: 'Details', editGroup: 'Edit group', group: 'Group',
  groupName: 'Group name', groupCode: 'Group code', remark: 'Remark', groupSaved: 'Group saved', required: 'Enter the group name',
};

export function useOrgTexts(): OrgTexts {
  return useEnglish() ? en : zh;
}
