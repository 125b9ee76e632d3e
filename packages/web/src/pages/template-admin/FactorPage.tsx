import { useEffect, useState } from 'react';
import { Card, Empty, Space } from 'antd';
import { usePage } from '@/app/layout/page-context';
import { AllotEditor } from './AllotEditor';
import { FormatPicker } from './FormatPicker';
import { MappingEditor } from './MappingEditor';
import { ParamEditor } from './ParamEditor';
import { useAdminTexts } from './texts';
import { useAdminFormat } from './useAdminFormat';
import './template-admin.css';

/**
 * /custom/format/form/factor?id={format id} (spec section 2): a template's search parameter list,
 * the field mappings of the popups its fields open, and the menu entry it is bound to.
 */
export default function FactorPage() {
  const tx = useAdminTexts();
  const { query } = usePage();
  const [formatId, setFormatId] = useState<string | null>(query.get('id'));
  useEffect(() => {
    const id = query.get('id');
    if (id) setFormatId(id);
  }, [query]);
  const { data: format } = useAdminFormat(formatId);
  const popupFields = (format?.fields ?? []).filter((f) => f.cgFormatResId);

  return (
    <div className="ta-page" data-testid="template-factor">
      <Card size="small">
        <Space wrap>
          <span>{tx.field.pickFormat}</span>
          <FormatPicker value={formatId} onChange={setFormatId} testId="factor-format" />
        </Space>
      </Card>
      {!formatId && <Empty description={tx.field.pickFormat} />}
      {formatId && (
        <>
          <Card size="small" title={tx.factor.params}><ParamEditor formatId={formatId} /></Card>
          <Card size="small" title={tx.factor.mappings}>
            {popupFields.length === 0 && <Empty description={tx.factor.noPopups} />}
            <Space orientation="vertical" style={{ width: '100%' }}>
              {popupFields.map((f) => <MappingEditor key={f.id} fieldId={f.id} title={`${f.fieldExplain} (${f.fieldName})`} />)}
            </Space>
          </Card>
          {format && (format.formatType === 'LIST' || format.formatType === 'FORM') && (
            <Card size="small" title={tx.factor.allot}><AllotEditor format={format} /></Card>
          )}
        </>
      )}
    </div>
  );
}
