import { useState } from 'react';
import { Card, Empty, Spin, Tag } from 'antd';
import { usePage } from '@/app/layout/page-context';
import { FieldTable } from './FieldTable';
import { FormatList } from './FormatList';
import { FormatProps } from './FormatProps';
import { useAdminTexts } from './texts';
import { useAdminFormat } from './useAdminFormat';
import './template-admin.css';

/**
 * /custom/format/form/sub (spec section 2, template attribute configuration): the formats, and for
 * the chosen one its properties and its field definitions, edited in place and served at once.
 */
export default function FormatsPage() {
  const tx = useAdminTexts();
  const { query } = usePage();
  const [selected, setSelected] = useState<string | null>(query.get('id'));
  const { data: format, isLoading } = useAdminFormat(selected);

  return (
    <div className="ta-page" data-testid="template-admin">
      <FormatList selectedId={selected} onSelect={setSelected} />
      <Card
        size="small"
        className="ta-fields-card"
        title={format ? <span>{tx.fields.title}: {format.formatName} <code className="ta-code">{format.formatCode}</code> <Tag>{tx.types[format.formatType] ?? format.formatType}</Tag></span> : tx.fields.title}
      >
        {!selected && <Empty description={tx.formats.choose} />}
        {selected && isLoading && <Spin />}
        {format && (
          <>
            <FormatProps key={`props-${format.id}`} format={format} />
            <FieldTable key={`fields-${format.id}`} format={format} />
          </>
        )}
      </Card>
    </div>
  );
}
