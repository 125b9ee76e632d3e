import { useMemo, useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InstanceDetail } from '@wb/protocol';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { TreeTransfer } from '@/platform/templates/widgets/tree-transfer/TreeTransfer';
import { emptyAddressLists, type AddressLists } from '@/platform/templates/widgets/tree-transfer/address-lists';
import type { TransferNode } from '@/platform/templates/widgets/tree-transfer/tree-moves';
import { decide, fetchOptions, type DecisionKind } from './api';
import { refreshCounts } from './counts';

interface Props {
  kind: DecisionKind;
  instanceId: string;
  /** the caller's own id: not offered as the one to transfer to */
  selfId?: string | null;
  onClose(): void;
  onDone(instance: InstanceDetail | null): void;
}

const ADDRESS_BOOK = 'address-book';

/**
 * The dialog of one decision on an approval: 同意 and 撤回 (an optional comment), 驳回 (a reason is
 * required), 转办 (to one person), 加签 (more signers on the step), 抄送 (收件人/抄送/密送 chosen
 * from the company's people with the tree transfer's address lists).
 */
export function DecisionDialog({ kind, instanceId, selfId, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const needsPeople = kind === 'transfer' || kind === 'addSigner' || kind === 'cc';
  const options = useQuery({ queryKey: ['workflow', 'options'], queryFn: fetchOptions, staleTime: 60_000, enabled: needsPeople });
  const [comment, setComment] = useState('');
  const [userId, setUserId] = useState<string | undefined>();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [lists, setLists] = useState<AddressLists>(emptyAddressLists);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const people = useMemo(() => (options.data?.users ?? []).filter((u) => u.id !== selfId), [options.data, selfId]);
  const book = useMemo((): TransferNode[] => [{
    key: ADDRESS_BOOK, title: t('workflow.actions.addressBook'), children: people.map((u) => ({ key: u.id, title: `${u.name} (${u.username})`, children: [] })),
  }], [people, t]);
  const userOptions = people.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }));

  const check = (): string | null => {
    if (kind === 'reject' && !comment.trim()) return t('workflow.actions.reasonRequired');
    if (kind === 'transfer' && !userId) return t('workflow.actions.transferRequired');
    if (kind === 'addSigner' && userIds.length === 0) return t('workflow.actions.signersRequired');
    if (kind === 'cc' && lists.to.length + lists.cc.length + lists.bcc.length === 0) return t('workflow.actions.recipients');
    return null;
  };

  const submit = async () => {
    const missing = check();
    if (missing) return setProblem(missing);
    setBusy(true);
    const note = comment.trim() || null;
    try {
      const ids = (name: keyof AddressLists) => lists[name].map((e) => e.key).filter((k) => k !== ADDRESS_BOOK);
      let done: InstanceDetail;
      if (kind === 'reject') done = await decide('reject', instanceId, { comment: comment.trim() });
      else if (kind === 'transfer') done = await decide('transfer', instanceId, { userId: userId!, comment: note });
      else if (kind === 'addSigner') done = await decide('addSigner', instanceId, { userIds, comment: note });
      else if (kind === 'cc') done = await decide('cc', instanceId, { to: ids('to'), cc: ids('cc'), bcc: ids('bcc'), comment: note });
      else done = await decide(kind, instanceId, { comment: note });
      feedback.success(t('workflow.actions.done'));
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      void refreshCounts();
      onDone(done);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // decided meanwhile by someone else: the detail is read again and the dialog closes
      if (err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['workflow'] });
        onDone(null);
      } else setProblem(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(`workflow.actions.${kind}`)}
      width={kind === 'cc' ? 760 : 520}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ danger: kind === 'reject' || kind === 'revoke', ...({ 'data-testid': 'decision-ok' } as Record<string, string>) }}
      destroyOnHidden
    >
      <div data-testid={`decision-${kind}`}>
        {kind === 'revoke' && <Alert type="warning" showIcon message={t('workflow.actions.revokeConfirm')} style={{ marginBottom: 12 }} />}
        <Form layout="vertical">
          {kind === 'transfer' && (
            <Form.Item label={t('workflow.actions.transferTo')} required>
              <Select showSearch optionFilterProp="label" options={userOptions} value={userId} onChange={setUserId} loading={options.isLoading} data-testid="decision-user" />
            </Form.Item>
          )}
          {kind === 'addSigner' && (
            <Form.Item label={t('workflow.actions.signers')} required>
              <Select mode="multiple" showSearch optionFilterProp="label" options={userOptions} value={userIds} onChange={setUserIds} loading={options.isLoading} data-testid="decision-users" />
            </Form.Item>
          )}
          {kind === 'cc' && options.data && (
            <Form.Item>
              <TreeTransfer mode="addressList" source={book} titles={[t('workflow.actions.addressBook'), '']} filterable height={300} onAddressChange={setLists} />
            </Form.Item>
          )}
          <Form.Item label={kind === 'reject' ? t('workflow.actions.reason') : t('workflow.actions.comment')} required={kind === 'reject'}>
            <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)} data-testid="decision-comment" />
          </Form.Item>
        </Form>
        {problem && <Alert type="error" showIcon message={problem} data-testid="decision-problem" />}
      </div>
    </Modal>
  );
}
