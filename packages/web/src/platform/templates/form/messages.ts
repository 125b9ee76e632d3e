/** The spec's form messages (section 5), quoted exactly. */
export const UPDATE_CONFIRM = '确定更新此条数据?';
export const UPDATE_CANCELLED = '更新已取消';
export const EMPTY_CHILD_CONFIRM = '子表未新增数据, 是否继续提交?';
