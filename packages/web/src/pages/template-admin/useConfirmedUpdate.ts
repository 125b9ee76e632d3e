import { useCallback } from 'react';
import { App } from 'antd';
import { UPDATE_CANCELLED, UPDATE_CONFIRM } from '@/platform/templates/form/messages';

/**
 * Every save of a template asks first (spec section 5: '确定更新此条数据?'; cancelling says
 * '更新已取消'); the save runs only on 确定, and a failure is already notified by the api client.
 */
export function useConfirmedUpdate(): (save: () => Promise<unknown>) => void {
  const { modal, message } = App.useApp();
  return useCallback(
    (save) => {
      modal.confirm({
        title: '提示',
        content: UPDATE_CONFIRM,
        okText: '确定',
        cancelText: '取消',
        onOk: () => save().catch(() => undefined),
        onCancel: () => void message.info(UPDATE_CANCELLED),
      });
    },
    [modal, message],
  );
}
