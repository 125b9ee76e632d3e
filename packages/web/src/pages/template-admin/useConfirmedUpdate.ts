import { useCallback } from 'react';
import { App } from 'antd';
import { ApiError } from '@/platform/api/http';
import { UPDATE_CANCELLED, UPDATE_CONFIRM } from '@/platform/templates/form/messages';
import { useTemplateChanged } from './useTemplateChanged';

/**
 * Every save of a template asks first (spec section 5: '确定更新此条数据?'; cancelling says
 * '更新已取消'); the save runs only on 确定, and a failure is already notified by the api client.
 * A 409 (someone saved the row meanwhile) reads the template again, so the next try starts from it.
 */
export function useConfirmedUpdate(): (save: () => Promise<unknown>) => void {
  const { modal, message } = App.useApp();
  const changed = useTemplateChanged();
  return useCallback(
    (save) => {
      modal.confirm({
        title: '提示',
        content: UPDATE_CONFIRM,
        okText: '确定',
        cancelText: '取消',
        onOk: () =>
          save().catch((err: unknown) => {
            if (err instanceof ApiError && err.status === 409) changed();
          }),
        onCancel: () => void message.info(UPDATE_CANCELLED),
      });
    },
    [modal, message, changed],
  );
}
