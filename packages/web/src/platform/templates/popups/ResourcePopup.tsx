import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceTemplate } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { fetchResourceTemplate } from '../api';
import { formatTitle } from '../list/field-label';
import type { Row } from '../list/columns';
import { ResourceTable } from './ResourceTable';
import { ResourceTree } from './ResourceTree';
import { mappedValues, popupFilters } from './resource-mapping';
import { dialogWidthOf, layoutOf } from '../layouts/registry';
import type { ResourceChoice, ResourcePopupRequest } from './resource-popup-store';
import './popups.css';

interface Props extends ResourcePopupRequest {
  settle(choice: ResourceChoice | null): void;
}

function Body({ template, multiple, filters, onChoose, onConfirmRow }: {
  template: ResourceTemplate;
  multiple: boolean;
  filters: ResourcePopupRequest['filters'];
  onChoose(rows: Row[]): void;
  onConfirmRow(row: Row): void;
}) {
  const known = useMemo(() => new Set(template.listSubList.map((f) => f.fieldName)), [template.listSubList]);
  const fixed = useMemo(() => popupFilters(filters, known), [filters, known]);
  const Layout = layoutOf('resource', template.formatStyle);
  return (
    <Layout
      style={template.formatStyle}
      choiceTree={<ResourceTree template={template} multiple={multiple} onChoose={onChoose} onDoubleClick={onConfirmRow} />}
      choiceTable={(treeId) => <ResourceTable template={template} fixed={fixed} treeId={treeId} multiple={multiple} onChoose={onChoose} onDoubleClick={onConfirmRow} />}
      narrowingTree={(onNode) => <ResourceTree template={template} multiple={false} onChoose={(_rows, keys) => onNode(keys[0] ?? null)} />}
    />
  );
}

/**
 * The popup resource template (spec: resource-selection popup): title the format name or 加载中;
 * 35% wide for a tree, 75% otherwise; 确 定 needs a choice; a double-click confirms that row.
 */
export function ResourcePopup({ cgFormatResId, resFormatSubId, multiple = false, filters, settle }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { modal, message } = App.useApp();
  const [chosen, setChosen] = useState<Row[]>([]);
  const warned = useRef(false);
  const { data: template, isError } = useQuery({
    queryKey: ['resource-template', cgFormatResId, resFormatSubId ?? null],
    queryFn: () => fetchResourceTemplate(cgFormatResId as string, resFormatSubId),
    enabled: Boolean(cgFormatResId),
    retry: false,
  });

  useEffect(() => {
    if (cgFormatResId || warned.current) return;
    warned.current = true;
    modal.warning({ title: t('listScreen.warmTip'), content: t('listScreen.noResource') });
    settle(null);
  }, [cgFormatResId, modal, settle, t]);
  // an unsuccessful template answer closes the popup without a word (spec section 4)
  useEffect(() => {
    if (isError) settle(null);
  }, [isError, settle]);

  const confirm = useCallback((rows: Row[]) => {
    if (!template) return;
    if (rows.length === 0) return void message.warning(t('listScreen.atLeastOneResource'));
    settle({ rows, values: mappedValues(template.mapData ?? [], rows), perRow: rows.map((r) => mappedValues(template.mapData ?? [], [r])) });
  }, [template, message, settle, t]);

  if (!cgFormatResId || isError) return null;
  return (
    <Modal
      open
      title={template ? formatTitle(template, english) : t('listScreen.loading')}
      width={dialogWidthOf('resource', template?.formatStyle)}
      onCancel={() => settle(null)}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => settle(null)} data-testid="resource-cancel">{t('common.cancel')}</Button>,
        <Button key="ok" type="primary" onClick={() => confirm(chosen)} data-testid="resource-ok">{t('common.ok')}</Button>,
      ]}
    >
      <div data-testid="resource-popup">
        {template ? (
          <Body template={template} multiple={multiple} filters={filters} onChoose={setChosen} onConfirmRow={(row) => confirm([row])} />
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}
