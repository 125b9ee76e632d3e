import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, fromPicker, plantNow } from '@/platform/plant-time';
import { useNavigate } from 'react-router';
import { PLANT_PERMISSIONS, WEIGH_KIND_NAMES, WEIGH_KINDS, type TeamReportQuery } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { fetchTeams, queryToSearch, searchMaterials } from './api';
import { ReportFrame } from './ReportFrame';
import { TeamSetupDialog } from './TeamSetupDialog';
import { useReportTexts } from './texts';

interface Values {
  range?: [Dayjs, Dayjs];
  day?: Dayjs;
  team?: number;
  kind?: TeamReportQuery['kind'];
  materialId?: string;
}

/**
 * 班组报表条件 (/conditional/index) and 班组日报条件 (/dayConditional/index): the dates (or the
 * day), the team, the kind and the material; 查询 opens the report page with them.
 */
export default function TeamConditionPage({ daily, embedded = false }: { daily: boolean; embedded?: boolean }) {
  const tx = useReportTexts();
  const english = useEnglish();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [materials, setMaterials] = useState<{ value: string; label: string }[]>([]);
  const [setup, setSetup] = useState(false);
  const mayConfigure = usePermissions().can(PLANT_PERMISSIONS.teamConfig);
  const teams = useQuery({ queryKey: ['report-teams'], queryFn: fetchTeams });
  const today = plantNow();

  const submit = (v: Values) => {
    const from = daily ? v.day! : v.range![0];
    const to = daily ? v.day! : v.range![1];
    const q: TeamReportQuery = { from: fromPicker(from, DATE_FORMAT) as string, to: fromPicker(to, DATE_FORMAT) as string, team: v.team, kind: v.kind, materialId: v.materialId };
    navigate(`${daily ? '/dayInformation/index' : '/Information/index'}?${queryToSearch(q)}`);
  };
  const findMaterials = async (text: string) => {
    const found = await searchMaterials(text).catch(() => []);
    setMaterials(found.map((m) => ({ value: m.id, label: `${m.name} ${m.code}` })));
  };

  const body = (
    <div className="wb-report-card wb-report-conditions">
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={daily ? { day: today } : { range: [today.startOf('month'), today] }}>
        {daily ? (
          <Form.Item name="day" label={tx.day} rules={[{ required: true, message: tx.chooseDay }]}>
            <DatePicker style={{ width: '100%' }} data-testid="report-day" />
          </Form.Item>
        ) : (
          <Form.Item name="range" label={tx.dateRange} rules={[{ required: true, message: tx.chooseDates }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} data-testid="report-range" />
          </Form.Item>
        )}
        <Form.Item name="team" label={tx.team}>
          <Select allowClear placeholder={tx.all} data-testid="report-team"
            options={(teams.data ?? []).map((t) => ({ value: t.seq, label: `${english && t.nameEn ? t.nameEn : t.name} (${t.start}-${t.end})` }))} />
        </Form.Item>
        <Form.Item name="kind" label={tx.kind}>
          <Select allowClear placeholder={tx.all} data-testid="report-kind"
            options={WEIGH_KINDS.map((k) => ({ value: k, label: WEIGH_KIND_NAMES[k][english ? 'en' : 'zh'] }))} />
        </Form.Item>
        <Form.Item name="materialId" label={tx.material}>
          <Select allowClear showSearch={{ filterOption: false, onSearch: findMaterials }} placeholder={tx.materialSearch} options={materials}
            onFocus={() => void findMaterials('')} data-testid="report-material" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="report-query">{tx.query}</Button>
          <Button onClick={() => form.resetFields()}>{tx.reset}</Button>
          {mayConfigure && teams.data && (
            <Button icon={<SettingOutlined />} onClick={() => setSetup(true)} data-testid="team-setup">{tx.teamSetup}</Button>
          )}
        </Space>
      </Form>
      {setup && teams.data && <TeamSetupDialog open teams={teams.data} onClose={() => setSetup(false)} />}
    </div>
  );
  if (embedded) return body;
  return (
    <ReportFrame title={daily ? tx.dayConditions : tx.teamConditions} testId={daily ? 'day-conditions' : 'team-conditions'}>
      {body}
    </ReportFrame>
  );
}
