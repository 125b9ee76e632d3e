import { useCallback, useMemo, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormatDefinition, MenuButton, SearchCondition } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useListActions } from '../buttons/useListActions';
import type { OpenFormRequest } from '../buttons/form-bridge';
import { AdvancedQueryDialog } from './AdvancedQueryDialog';
import { ButtonGroup } from './ButtonGroup';
import { fieldLabel } from './field-label';
import { ListTable } from './ListTable';
import { ListTree } from './ListTree';
import { quickSearchFields } from './search-body';
import { SearchBar } from './SearchBar';
import { useListState } from './useListState';
import { useLinkDetail } from '../pages/useLinkDetail';
import { selectedRows } from './selection';
import { layoutOf } from '../layouts/registry';
import './list.css';

interface Props {
  template: FormatDefinition;
  /** the route the page size is remembered under */
  route: string;
  /** the menu's button entries the user holds */
  buttons: MenuButton[];
  openForm?(request: OpenFormRequest): void;
}

const NO_CONDITIONS: SearchCondition[] = [];
const NO_ROWS: Record<string, unknown>[] = [];

/** The generic list screen (spec section 2): tree, buttons, search, table, paging and totals, all from the template. */
export function ListScreen({ template, route, buttons, openForm }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const [treeNode, setTreeNode] = useState<string | null>(null);
  const state = useListState(template, route, NO_CONDITIONS, treeNode);
  const [expanded, setExpanded] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const quickFields = useMemo(() => quickSearchFields(template.listSubList), [template.listSubList]);
  const advancedFields = useMemo(() => template.listSubList.filter((f) => f.iallowAdvanceQuery), [template.listSubList]);
  const { selection, clearSelection, refresh, request } = state;
  const labels = useMemo(() => Object.fromEntries(template.listSubList.map((f) => [f.fieldName, fieldLabel(f, english)])), [template.listSubList, english]);
  const rows = useMemo(() => selectedRows(selection) as Record<string, unknown>[], [selection]);
  const actions = useListActions({
    resUrl: template.resUrl ?? '', name: template.formatName, selectedIds: selection.keys, selectedRows: rows,
    request, labels, openForm, refresh, clearSelection,
  });
  const chooseNode = useCallback((key: string | null) => {
    setTreeNode(key);
    state.setPn(1);
  }, [state.setPn]);
  const searchFromDialog = () => {
    state.search(true);
    setDialogOpen(false);
  };
  const Layout = layoutOf('list', template.formatStyle);
  const detail = useLinkDetail(template);

  const main = (
    <section className="wb-list-main">
      <ButtonGroup buttons={buttons} hasAdvanced={advancedFields.length > 0} busy={actions.busy} selectedRows={rows} onButton={actions.run} onAdvanced={() => setDialogOpen(true)} />
      <SearchBar
        quickFields={quickFields}
        advancedFields={advancedFields}
        quickText={state.quickDraft}
        advanced={state.advancedDraft}
        expanded={expanded}
        english={english}
        onQuickText={state.setQuickDraft}
        onAdvancedChange={state.changeAdvanced}
        onSearch={() => state.search(expanded)}
        onReset={state.reset}
        onToggle={() => setExpanded((e) => !e)}
      />
      {selection.keys.length > 0 && (
        <div className="wb-list-selected" data-testid="list-selected">
          {t('listScreen.selected', { count: selection.keys.length })}
          <Button type="link" size="small" onClick={clearSelection}>{t('listScreen.clearSelection')}</Button>
        </div>
      )}
      <ListTable
        fields={template.listSubList}
        reply={state.query.data}
        loading={state.query.isFetching}
        english={english}
        sort={state.sort}
        pn={state.pn}
        ps={state.ps}
        selectedKeys={selection.keys}
        onSelect={state.select}
        onSort={state.changeSort}
        onPage={state.changePage}
        onLink={detail.onLink}
      />
    </section>
  );

  return (
    <div className="wb-card wb-list-screen" data-testid="list-screen" data-template={template.formatCode}>
      <Layout
        style={template.formatStyle}
        tree={<ListTree template={template} selected={treeNode} onSelect={chooseNode} />}
        main={main}
        rows={(state.query.data?.list as Record<string, unknown>[] | undefined) ?? NO_ROWS}
      />
      <AdvancedQueryDialog
        open={dialogOpen}
        fields={advancedFields}
        values={state.advancedDraft}
        english={english}
        onChange={state.changeAdvanced}
        onSearch={searchFromDialog}
        onReset={state.reset}
        onClose={() => setDialogOpen(false)}
      />
      {actions.dialogs}
      {detail.popup}
    </div>
  );
}
