import { useEffect, useRef, useState } from 'react';
import { AutoComplete } from 'antd';
import { call } from '@/platform/api/http';
import type { FieldWidgetProps } from './field-props';
import {
  AUTOCOMPLETE_DEBOUNCE_MS, autocompleteRequest, searchText, suggestionRows, valuesFromSuggestion, visibleFields,
} from '../rules/autocomplete';

type Row = Record<string, unknown>;

/** AUTO_COMPLETE and SEARCH_AUTOMATIC: suggestions from the server 500 ms after typing stops. */
export function AutoCompleteField({ id, field, value, onChange, disabled, fieldNames, setFields }: FieldWidgetProps) {
  const [rows, setRows] = useState<Row[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);
  const shown = visibleFields(field);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const search = (typed: string) => {
    if (timer.current) clearTimeout(timer.current);
    if (!field.customTable || searchText(typed) === '') {
      setRows([]);
      return;
    }
    timer.current = setTimeout(async () => {
      const ticket = ++latest.current;
      const req = autocompleteRequest(field.customTable ?? '', typed);
      try {
        const data = await call<unknown>(req.path, { method: req.method, body: req.body, quiet: true });
        // an older answer arriving late must not replace the newer one
        if (ticket === latest.current) setRows(suggestionRows(data));
      } catch {
        // spec: a failed autocomplete load shows no message
        if (ticket === latest.current) setRows([]);
      }
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const options = rows.map((row, i) => ({
    value: String(i),
    label: (
      <span className="wb-suggestion">
        {shown.map((name) => (
          <span key={name}>{row[name] === null || row[name] === undefined ? '' : String(row[name])}</span>
        ))}
      </span>
    ),
  }));

  return (
    <AutoComplete
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      options={options}
      disabled={disabled}
      placeholder={field.tipsMessage ?? undefined}
      onSearch={search}
      onChange={(text, option) => {
        // choosing fires onChange with the option's value; only typing is the field's text
        if (!option || Array.isArray(option) || !('label' in option)) onChange?.(text);
      }}
      onSelect={(index: string) => {
        const row = rows[Number(index)];
        if (!row) return;
        const filled = valuesFromSuggestion(field, row, fieldNames ?? []);
        onChange?.(filled[field.fieldName]);
        const { [field.fieldName]: _own, ...others } = filled;
        if (Object.keys(others).length) setFields?.(others);
      }}
      allowClear
    />
  );
}
