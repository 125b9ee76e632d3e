import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FormatSummary } from '@wb/protocol';
import { fetchAdminFormat, selectFormats } from './api';

/**
 * A format chosen by name or code; `formatType` narrows the choice (popups for a field's popup).
 * The plant has more formats than one page of choices, so a typed word searches the server, and
 * the chosen format is read by its id when it is not among the choices shown.
 */
export function FormatPicker(props: {
  value: string | null;
  onChange: (id: string | null) => void;
  formatType?: 'LIST' | 'FORM' | 'RESOURCE' | 'SEARCH';
  placeholder?: string;
  testId?: string;
  width?: number;
}) {
  const [keyword, setKeyword] = useState('');
  const { data } = useQuery({
    queryKey: ['template-admin', 'format-choices', props.formatType ?? null, keyword],
    queryFn: () => selectFormats({ formatType: props.formatType, keyword: keyword || undefined, limit: { pn: 1, ps: 100 } }),
  });
  const listed = data?.list ?? [];
  const missing = props.value !== null && data !== undefined && !listed.some((f) => f.id === props.value);
  const { data: chosen } = useQuery({
    queryKey: ['template-admin', 'format', props.value],
    queryFn: () => fetchAdminFormat(props.value as string),
    enabled: missing,
  });
  const label = (f: FormatSummary) => `${f.formatName} (${f.formatCode})`;
  const choices = missing && chosen ? [chosen, ...listed] : listed;
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      data-testid={props.testId}
      style={{ width: props.width ?? 320 }}
      placeholder={props.placeholder}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange(v ?? null)}
      options={choices.map((f) => ({ value: f.id, label: label(f) }))}
    />
  );
}
