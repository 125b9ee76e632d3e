import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormatDefinition, SearchCondition, SortKey } from '@wb/protocol';
import { usePageSize } from '@/platform/page-size';
import { fetchList } from '../api';
import { advancedDefaults } from './advanced-defaults';
import { buildListRequest, type AdvancedValue, type AdvancedValues } from './search-body';
import { EMPTY_SELECTION, selectOnPage, type Selection } from './selection';
import type { Row } from './columns';
import { rowKey } from './ListTable';

/**
 * The state of one list screen: what is typed (drafts) apart from what was searched (applied),
 * paging, sorting, the selection across pages, and the query that reads the page.
 */
export function useListState(template: FormatDefinition, route: string, fixed: SearchCondition[] = [], treeId: string | null = null) {
  const fields = template.listSubList;
  const [ps, savePs] = usePageSize(route);
  const [pn, setPn] = useState(1);
  const [sort, setSort] = useState<SortKey | null>(null); // null: the template's idefinedSort, applied by the server
  const [quickDraft, setQuickDraft] = useState('');
  const [quickText, setQuickText] = useState('');
  const [advancedDraft, setAdvancedDraft] = useState<AdvancedValues>(() => advancedDefaults(fields));
  // nothing is filtered until the user asks: the default window is a suggestion in the dialog
  const [advanced, setAdvanced] = useState<AdvancedValues>({});
  const [selection, setSelection] = useState<Selection<Row>>(EMPTY_SELECTION);

  const request = useMemo(
    () => buildListRequest(template.id, fields, { quickText, advanced, fixed, sort, pn, ps, treeId }),
    [template.id, fields, quickText, advanced, fixed, sort, pn, ps, treeId],
  );
  const queryKey = useMemo(() => ['template-list', template.id, request] as const, [template.id, request]);
  const query = useQuery({ queryKey, queryFn: () => fetchList(template, request), placeholderData: keepPreviousData, enabled: Boolean(template.resUrl) });
  const client = useQueryClient();

  /**
   * Applies what was typed. The advanced values count only when searched from the advanced dialog
   * or the expanded panel: their default time window must not narrow a plain quick search.
   */
  const search = useCallback((withAdvanced = false) => {
    setQuickText(quickDraft);
    setAdvanced(withAdvanced ? advancedDraft : {});
    setPn(1);
    void client.invalidateQueries({ queryKey: ['template-list', template.id] });
  }, [quickDraft, advancedDraft, client, template.id]);

  const reset = useCallback(() => {
    setQuickDraft('');
    setQuickText('');
    setAdvancedDraft(advancedDefaults(fields));
    setAdvanced({});
    setSort(null);
    setPn(1);
  }, [fields]);

  const changeAdvanced = useCallback((name: string, value: AdvancedValue) => setAdvancedDraft((d) => ({ ...d, [name]: value })), []);
  const changePage = useCallback((nextPn: number, nextPs: number) => {
    if (nextPs !== ps) savePs(nextPs);
    setPn(nextPn);
  }, [ps, savePs]);
  const changeSort = useCallback((next: SortKey | null) => {
    setSort(next);
    setPn(1);
  }, []);
  const select = useCallback((pageRows: Row[], keys: string[]) => setSelection((s) => selectOnPage(s, pageRows, rowKey, keys)), []);
  /** a single-choice table: the row ticked now is the only one chosen, whatever page the last was on */
  const selectOnly = useCallback((pageRows: Row[], keys: string[]) => setSelection(selectOnPage(EMPTY_SELECTION, pageRows, rowKey, keys.slice(-1))), []);
  const clearSelection = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: ['template-list', template.id] }), [client, template.id]);

  return {
    fields, request, query, pn, ps, sort, selection,
    quickDraft, setQuickDraft, advancedDraft, changeAdvanced,
    search, reset, changePage, changeSort, select, selectOnly, clearSelection, refresh, setPn,
  };
}
