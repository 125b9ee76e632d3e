import { useEffect, useMemo } from 'react';
import type { FormatDefinition, SearchCondition } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { ListTable } from '../list/ListTable';
import { SearchBar } from '../list/SearchBar';
import { quickSearchFields } from '../list/search-body';
import { selectedRows } from '../list/selection';
import { useListState } from '../list/useListState';
import type { Row } from '../list/columns';

interface Props {
  template: FormatDefinition;
  fixed: SearchCondition[];
  treeId: string | null;
  multiple: boolean;
  onChoose(rows: Row[]): void;
  onDoubleClick(row: Row): void;
}

const NO_FIELDS: never[] = [];

/** A resource popup's query table: quick search over the popup's fields and a selectable page. */
export function ResourceTable({ template, fixed, treeId, multiple, onChoose, onDoubleClick }: Props) {
  const english = useEnglish();
  const state = useListState(template, `resource:${template.id}`, fixed, treeId);
  const quickFields = useMemo(() => quickSearchFields(template.listSubList), [template.listSubList]);
  const { selection } = state;
  useEffect(() => onChoose(selectedRows(selection)), [selection, onChoose]);
  return (
    <div className="wb-resource-table" data-testid="resource-table">
      <SearchBar
        quickFields={quickFields}
        advancedFields={NO_FIELDS}
        quickText={state.quickDraft}
        advanced={state.advancedDraft}
        expanded={false}
        english={english}
        onQuickText={state.setQuickDraft}
        onAdvancedChange={state.changeAdvanced}
        onSearch={() => state.search(false)}
        onReset={state.reset}
        onToggle={() => undefined}
      />
      <ListTable
        fields={template.listSubList}
        reply={state.query.data}
        loading={state.query.isFetching}
        english={english}
        sort={state.sort}
        pn={state.pn}
        ps={state.ps}
        selectedKeys={state.selection.keys}
        selectionType={multiple ? 'checkbox' : 'radio'}
        onSelect={multiple ? state.select : state.selectOnly}
        onSort={state.changeSort}
        onPage={state.changePage}
        onRowDoubleClick={onDoubleClick}
        scrollY={360}
      />
    </div>
  );
}
