import { useEnglish } from '@/i18n/useEnglish';

/** Texts of the notice dialogs, Chinese first (spec: zh-CN default, English switchable). */
const zh = {
  updateMaxLimit: '修改最大限量', updateDone: '修改已执行量', updateEndTime: '修改结束时间',
  oneRow: '请选择一条通知单', chooseLine: '请选择一行明细', noticeNo: '通知单号', seq: '行号', material: '物料', quantity: '数量',
  maxLimit: '最大限量', done: '已执行量', inTransit: '在途量', remaining: '剩余量', newMaxLimit: '新的最大限量', newDone: '新的已执行量',
  reason: '修改原因', reasonRequired: '修改原因不能为空！', valueRequired: '请输入数量', endTime: '结束时间', newEndTime: '新的结束时间',
  endTimeRequired: '请选择结束时间', saved: '修改成功', ok: '确 定', cancel: '取 消',
};
type Texts = typeof zh;
const en: Texts = {
  updateMaxLimit: 'Change max limit', updateDone: 'Correct done', updateEndTime: 'Change end time',
  oneRow: 'Select one notice', chooseLine: 'Select a line', noticeNo: 'Notice no.', seq: 'Line', material: 'Material', quantity: 'Quantity',
  maxLimit: 'Max limit', done: 'Done', inTransit: 'In transit', remaining: 'Remaining', newMaxLimit: 'New max limit', newDone: 'New done',
  reason: 'Reason', reasonRequired: 'Reason is required', valueRequired: 'Enter a quantity', endTime: 'End', newEndTime: 'New end',
  endTimeRequired: 'Choose the end time', saved: 'Saved', ok: 'OK', cancel: 'Cancel',
};

export type NoticeTextKey = keyof Texts;
export const NOTICE_ZH = zh;

export function useNoticeTexts(): (key: NoticeTextKey) => string {
  const english = useEnglish();
  return (key) => (english ? en : zh)[key];
}
