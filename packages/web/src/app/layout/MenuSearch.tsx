import { useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useOpenLeaf } from '@/app/hooks/useOpenLeaf';
import { menuLabel, searchMenu } from '@/platform/menu/menu-routes';

/** Filters the menu by title and opens the chosen page (a new window when tags are off). */
export function MenuSearch({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const openLeaf = useOpenLeaf();
  const [text, setText] = useState('');
  const matches = useMemo(() => searchMenu(menu, text), [menu, text]);
  const options = matches.map((m) => ({ value: m.id, label: <span data-testid={`menu-search-option-${m.path}`}>{menuLabel(m, english)}</span> }));
  return (
    <AutoComplete
      className="wb-menu-search"
      options={options}
      value={text}
      onChange={setText}
      onSelect={(id: string) => {
        const item = matches.find((m) => m.id === id);
        setText('');
        if (item) openLeaf(item);
      }}
      notFoundContent={text.trim() ? t('top.noMatch') : null}
      popupMatchSelectWidth={260}
    >
      <Input prefix={<SearchOutlined />} placeholder={t('top.search')} allowClear data-testid="menu-search" />
    </AutoComplete>
  );
}
