import { Button, Input, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '@wb/protocol';
import { AdvancedFields } from './AdvancedFields';
import { fieldLabel } from './field-label';
import type { AdvancedValue, AdvancedValues } from './search-body';

interface Props {
  quickFields: FieldDefinition[];
  advancedFields: FieldDefinition[];
  quickText: string;
  advanced: AdvancedValues;
  expanded: boolean;
  english: boolean;
  onQuickText(text: string): void;
  onAdvancedChange(name: string, value: AdvancedValue): void;
  onSearch(): void;
  onReset(): void;
  onToggle(): void;
}

/** Quick search, 查询 / 重置 and 展开 / 收起, which shows the advanced fields in place (simple and advanced search toggle). */
export function SearchBar(p: Props) {
  const { t } = useTranslation();
  const names = p.quickFields.map((f) => fieldLabel(f, p.english)).join(' / ');
  return (
    <div className="wb-list-search" data-testid="list-search">
      <Space wrap>
        {p.quickFields.length > 0 && (
          <Input
            allowClear
            className="wb-quick-search"
            data-testid="quick-search"
            placeholder={names ? t('listScreen.quickSearch', { fields: names }) : t('listScreen.quickSearchAny')}
            value={p.quickText}
            onChange={(e) => p.onQuickText(e.target.value)}
            onPressEnter={p.onSearch}
          />
        )}
        <Button type="primary" icon={<SearchOutlined />} onClick={p.onSearch} data-testid="list-query">{t('listScreen.search')}</Button>
        <Button icon={<ReloadOutlined />} onClick={p.onReset} data-testid="list-reset">{t('listScreen.reset')}</Button>
        {p.advancedFields.length > 0 && (
          <Button type="link" onClick={p.onToggle} data-testid="list-toggle" icon={p.expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end">
            {p.expanded ? t('listScreen.collapse') : t('listScreen.expand')}
          </Button>
        )}
      </Space>
      {p.expanded && (
        <div className="wb-list-search-expanded" data-testid="list-search-expanded">
          <AdvancedFields fields={p.advancedFields} values={p.advanced} english={p.english} onChange={p.onAdvancedChange} />
        </div>
      )}
    </div>
  );
}
