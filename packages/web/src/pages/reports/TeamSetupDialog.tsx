import { Button, Form, Input, Modal, Space, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { fromPicker, toPicker } from '@/platform/plant-time';
import type { TeamInfo } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { saveTeams } from './api';
import { useReportTexts } from './texts';

interface Row { name: string; nameEn?: string | null; start: Dayjs; end: Dayjs }

const clock = (hhmm: string) => toPicker(hhmm);

/**
 * 班组设置: the company's teams in the order of the day, each from its start to its end. The
 * server checks that they cut the day once (each starts where the one before ended) and says
 * which team does not.
 */
export function TeamSetupDialog({ open, teams, onClose }: { open: boolean; teams: TeamInfo[]; onClose: () => void }) {
  const tx = useReportTexts();
  const [form] = Form.useForm<{ teams: Row[] }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (rows: Row[]) => saveTeams(rows.map((r) => ({ name: r.name, nameEn: r.nameEn || null, start: fromPicker(r.start, 'HH:mm') as string, end: fromPicker(r.end, 'HH:mm') as string }))),
    onSuccess: async () => {
      feedback.success(tx.saved);
      await queryClient.invalidateQueries({ queryKey: ['report-teams'] });
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={tx.teamSetup}
      width={620}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v.teams))}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'team-setup-save' }}
    >
      <p className="wb-muted">{tx.teamRule}</p>
      <Form form={form} preserve={false} initialValues={{ teams: teams.map((t) => ({ name: t.name, nameEn: t.nameEn, start: clock(t.start), end: clock(t.end) })) }}>
        <Form.List name="teams">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" data-testid="team-setup-row">
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: tx.teamNameRequired }]}>
                    <Input placeholder={tx.teamName} style={{ width: 120 }} maxLength={20} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'nameEn']}>
                    <Input placeholder={tx.teamNameEn} style={{ width: 130 }} maxLength={40} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'start']} rules={[{ required: true, message: tx.timeRequired }]}>
                    <TimePicker format="HH:mm" placeholder={tx.start} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'end']} rules={[{ required: true, message: tx.timeRequired }]}>
                    <TimePicker format="HH:mm" placeholder={tx.end} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(f.name)} aria-label={tx.remove} />
                </Space>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} disabled={fields.length >= 6} onClick={() => add()}>{tx.addTeam}</Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
