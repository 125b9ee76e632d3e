import { useCallback, useState, type ReactNode } from 'react';
import type { FormatDefinition, SearchCondition } from '@wb/protocol';
import { fetchDetailTemplate } from '../api';
import type { OpenLink, Row } from '../list/columns';
import { DetailPopup } from '../popups/DetailPopup';

/**
 * The condition a detail call sends for a row: the detail template's search key
 * (valueResourceSubName, spec section 3) equal to the row's value of it; by id when it names none.
 */
export function detailSearch(detail: Pick<FormatDefinition, 'valueResourceSubName'>, row: Row): SearchCondition[] {
  const key = detail.valueResourceSubName || 'id';
  return [{ key, op: 'eq', val: row[key] === undefined || row[key] === null ? '' : String(row[key]) }];
}

/**
 * A list's LINK cells open the row's detail in the detail popup: the list template's detail_id
 * names the detail template, loaded on the first click. A list without one has no links.
 */
export function useLinkDetail(list: Pick<FormatDefinition, 'detail_id'>): { onLink: OpenLink | undefined; popup: ReactNode } {
  const [open, setOpen] = useState<{ template: FormatDefinition; search: SearchCondition[] } | null>(null);
  const detailId = list.detail_id;
  const onLink = useCallback<OpenLink>((_field, row) => {
    if (!detailId) return;
    void fetchDetailTemplate(detailId).then((template) => setOpen({ template, search: detailSearch(template, row) }));
  }, [detailId]);
  const popup = <DetailPopup open={open !== null} template={open?.template ?? null} search={open?.search ?? []} onClose={() => setOpen(null)} />;
  return { onLink: detailId ? onLink : undefined, popup };
}
