import { useEffect, useState } from 'react';
import { Button, Card, Empty, Select, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { usePage } from '@/app/layout/page-context';
import { fetchMapping } from './api';
import { FieldForm } from './FieldForm';
import { FormatPicker } from './FormatPicker';
import { MappingEditor } from './MappingEditor';
import { FORMATS_PATH } from './paths';
import { useAdminTexts } from './texts';
import { useAdminFormat } from './useAdminFormat';
import './template-admin.css';

/**
 * /custom/format/form/sub/dt?id={field id} (spec section 2): one field's full property form, and
 * its popup mapping when it opens one. Without an id, the template and field are chosen here.
 */
export default function FieldPage() {
  const tx = useAdminTexts();
  const navigate = useNavigate();
  const { query } = usePage();
  const [fieldId, setFieldId] = useState<string | null>(query.get('id'));
  useEffect(() => setFieldId(query.get('id')), [query]);
  // the template of the field the address names
  const { data: opened } = useQuery({ queryKey: ['template-admin', 'mapping', fieldId], queryFn: () => fetchMapping(fieldId as string), enabled: Boolean(fieldId) });
  const [formatId, setFormatId] = useState<string | null>(null);
  const { data: format, isLoading } = useAdminFormat(formatId);
  useEffect(() => {
    if (opened) setFormatId(opened.field.formatId);
  }, [opened]);
  const field = format?.fields.find((f) => f.id === fieldId) ?? null;

  return (
    <div className="ta-page" data-testid="template-field">
      <Card size="small">
        <Space wrap>
          <span>{tx.field.pickFormat}</span>
          <FormatPicker value={formatId} onChange={(id) => { setFormatId(id); setFieldId(null); }} testId="dt-format" />
          <span>{tx.field.pickField}</span>
          <Select
            style={{ width: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="dt-field"
            value={field?.id}
            onChange={setFieldId}
            options={(format?.fields ?? []).map((f) => ({ value: f.id, label: `${f.fieldExplain} (${f.fieldName})` }))}
          />
          <Button onClick={() => navigate(formatId ? `${FORMATS_PATH}?id=${formatId}` : FORMATS_PATH)}>{tx.field.back}</Button>
        </Space>
      </Card>
      <Card size="small" title={field ? `${tx.field.title}: ${field.fieldExplain} (${field.fieldName})` : tx.field.title}>
        {isLoading && <Spin />}
        {!field && !isLoading && <Empty description={tx.field.pickField} />}
        {field && <FieldForm key={`${field.id}:${field.version}`} field={field} siblings={format?.fields ?? []} />}
      </Card>
      {field?.cgFormatResId && <MappingEditor fieldId={field.id} title={tx.field.mapping} />}
    </div>
  );
}
