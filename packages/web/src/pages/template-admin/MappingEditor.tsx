import { useEffect, useState } from 'react';
import { Button, Card, Empty, Input, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { feedback } from '@/platform/feedback';
import { fetchMapping, type MappingPair, saveMapping } from './api';
import { useAdminTexts } from './texts';
import { useConfirmedUpdate } from './useConfirmedUpdate';
import { useTemplateChanged } from './useTemplateChanged';

/**
 * What a popup fills in when a row is chosen: each target (fieldSub1: table and field of the form)
 * takes a source (fieldSub2: a field of the popup's row). Saved whole.
 */
export function MappingEditor({ fieldId, title }: { fieldId: string; title: string }) {
  const tx = useAdminTexts();
  const confirmUpdate = useConfirmedUpdate();
  const changed = useTemplateChanged();
  const { data } = useQuery({ queryKey: ['template-admin', 'mapping', fieldId], queryFn: () => fetchMapping(fieldId) });
  const [pairs, setPairs] = useState<MappingPair[]>([]);
  useEffect(() => setPairs(data?.pairs ?? []), [data]);
  if (!data) return null;
  const sources = (data.popup?.fields ?? []).map((f) => ({ value: f.fieldName, label: `${f.fieldExplain} (${f.fieldName})` }));
  const set = (i: number, next: MappingPair) => setPairs((p) => p.map((x, j) => (j === i ? next : x)));
  const save = () =>
    confirmUpdate(async () => {
      await saveMapping(fieldId, data.field.version, pairs);
      feedback.success(tx.saved);
      changed();
    });

  return (
    <Card size="small" title={title} className="ta-mapping" data-testid={`mapping-${data.field.fieldName}`}
      extra={data.popup ? <span>{data.popup.formatName} <code className="ta-code">{data.popup.formatCode}</code></span> : null}>
      {!data.popup && <Empty description={tx.factor.noPopups} />}
      {data.popup && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {pairs.map((p, i) => (
            <div key={i} className="ta-pair-row">
              <span>{tx.factor.target}</span>
              <Input style={{ width: 130 }} placeholder={tx.factor.masterTable} value={p.fieldSub1.masterTable} onChange={(e) => set(i, { ...p, fieldSub1: { ...p.fieldSub1, masterTable: e.target.value } })} />
              <Input style={{ width: 150 }} placeholder={tx.factor.targetField} value={p.fieldSub1.fieldName} onChange={(e) => set(i, { ...p, fieldSub1: { ...p.fieldSub1, fieldName: e.target.value } })} />
              <span>← {tx.factor.source}</span>
              <Select style={{ width: 200 }} options={sources} value={p.fieldSub2.fieldName || undefined} onChange={(v) => set(i, { ...p, fieldSub2: { fieldName: v } })} />
              <MinusCircleOutlined aria-label={tx.remove} onClick={() => setPairs((x) => x.filter((_, j) => j !== i))} />
            </div>
          ))}
          <Space>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => setPairs((x) => [...x, { fieldSub1: { masterTable: pairs[0]?.fieldSub1.masterTable ?? '', fieldName: '' }, fieldSub2: { fieldName: '' } }])}>{tx.factor.addPair}</Button>
            <Button type="primary" onClick={save}>{tx.factor.saveMapping}</Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
