import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FormatSummary } from '@wb/protocol';
import { selectFormats } from './api';

/** A format chosen by name or code; `formatType` narrows the choice (popups for a field's popup). */
export function FormatPicker(props: {
  value: string | null;
  onChange: (id: string | null) => void;
  formatType?: 'LIST' | 'FORM' | 'RESOURCE' | 'SEARCH';
  placeholder?: string;
  testId?: string;
  width?: number;
}) {
  const { data } = useQuery({
    queryKey: ['template-admin', 'format-choices', props.formatType ?? null],
    queryFn: () => selectFormats({ formatType: props.formatType, limit: { pn: 1, ps: 100 } }),
  });
  const label = (f: FormatSummary) => `${f.formatName} (${f.formatCode})`;
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      data-testid={props.testId}
      style={{ width: props.width ?? 320 }}
      placeholder={props.placeholder}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange(v ?? null)}
      options={(data?.list ?? []).map((f) => ({ value: f.id, label: label(f) }))}
    />
  );
}
