import { memo, useMemo } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuButton } from '@wb/protocol';
import { menuLabel } from '@/platform/menu/menu-routes';
import { useEnglish } from '@/i18n/useEnglish';
import { rowsAllowButton } from '../buttons/action-rules';
import { ADVANCED_BUTTON, layoutButtons, withAdvancedButton } from './button-layout';

interface Props {
  buttons: MenuButton[];
  /** the list has advanced-query fields, so 高级查询 joins the group */
  hasAdvanced: boolean;
  busy: string | null;
  /** the selected rows: a button their lifecycle refuses is disabled (rowActions) */
  selectedRows?: readonly Record<string, unknown>[];
  onButton(button: MenuButton): void;
  onAdvanced(): void;
}

const NO_ROWS: readonly Record<string, unknown>[] = [];

type Entry = { key: string; label: string; button: MenuButton | null };

/** The menu's button entries the user holds, 高级查询 among them, the overflow in 更多. */
export const ButtonGroup = memo(function ButtonGroup({ buttons, hasAdvanced, busy, selectedRows = NO_ROWS, onButton, onAdvanced }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { visible, more } = useMemo(() => {
    const entries: Entry[] = buttons.map((b) => ({ key: b.id, label: menuLabel({ label: b.label || b.name, labelEn: b.labelEn }, english), button: b }));
    const advanced: Entry = { key: ADVANCED_BUTTON, label: t('listScreen.advanced'), button: null };
    return layoutButtons(hasAdvanced ? withAdvancedButton(entries, advanced) : entries);
  }, [buttons, hasAdvanced, t, english]);
  const refused = (e: Entry) => e.button !== null && !rowsAllowButton(e.button.component, selectedRows);
  const click = (e: Entry) => (e.button ? onButton(e.button) : onAdvanced());
  if (visible.length === 0) return null;
  return (
    <Space wrap className="wb-list-buttons" data-testid="list-buttons">
      {visible.map((e, i) => (
        <Button
          key={e.key}
          type={i === 0 && e.button ? 'primary' : 'default'}
          loading={busy === e.key}
          disabled={refused(e)}
          data-testid={e.button ? `btn-${e.button.component ?? e.button.id}` : 'btn-advanced'}
          onClick={() => click(e)}
        >
          {e.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((e) => ({ key: e.key, disabled: refused(e), label: <span data-testid={e.button ? `btn-${e.button.component ?? e.button.id}` : 'btn-advanced'}>{e.label}</span> })),
            onClick: ({ key }) => {
              const entry = more.find((e) => e.key === key);
              if (entry) click(entry);
            },
          }}
        >
          <Button data-testid="btn-more">
            {t('listScreen.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
});
