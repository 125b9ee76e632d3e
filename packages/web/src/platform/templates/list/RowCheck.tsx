import { memo, useContext, useMemo } from 'react';
import { ConfigProvider } from 'antd';
import useCheckboxStyle from 'antd/es/checkbox/style';

export interface CheckboxClasses {
  prefix: string;
  /** the wrapper's theme classes: css variables and style hash */
  root: string;
  hashId: string;
}

/** The class names antd's Checkbox would carry under the current theme (its styles are injected by this call). */
export function useCheckboxClasses(): CheckboxClasses {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('checkbox');
  const rootCls = `${prefix}-css-var`;
  const [hashId, cssVarCls] = useCheckboxStyle(prefix, rootCls);
  return useMemo(() => ({ prefix, root: `${cssVarCls} ${rootCls} ${hashId}`, hashId }), [prefix, cssVarCls, rootCls, hashId]);
}

/**
 * The row checkbox of a list page: antd's checkbox markup without its component (hooks, wave), so
 * a page of 100 rows stays fast; it looks like the header's select-all, which is antd's own.
 */
export const RowCheck = memo(function RowCheck({ checked, classes, onToggle }: { checked: boolean; classes: CheckboxClasses; onToggle(): void }) {
  const on = checked ? ` ${classes.prefix}-checked` : '';
  return (
    <label className={`${classes.prefix}-wrapper ${classes.root}${checked ? ` ${classes.prefix}-wrapper-checked` : ''}`}>
      <span className={`${classes.prefix} ${classes.hashId}${on}`}>
        <input type="checkbox" className={`${classes.prefix}-input`} checked={checked} onChange={onToggle} />
        <span className={`${classes.prefix}-inner`} />
      </span>
    </label>
  );
});
