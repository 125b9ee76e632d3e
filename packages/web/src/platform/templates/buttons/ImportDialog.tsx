import { useState } from 'react';
import { Alert, Button, Modal, Progress, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { downloadImportTemplate, importFile } from '../api';

interface Props {
  open: boolean;
  base: string;
  name: string;
  /** field name -> label, so a problem names the column as the sheet's header does */
  labels?: Readonly<Record<string, string>>;
  /** the family's import call, when it is not the engine's `import` (the freight plans' importExcel) */
  action?: string;
  onClose(): void;
  onImported(): void;
}

/** Import: one .xlsx uploaded with a progress bar; a refused file lists every bad row (all or nothing). */
export function ImportDialog({ open, base, name, labels, action, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const upload = async (file: File) => {
    setProblems([]);
    setMessage(null);
    setPercent(0);
    const outcome = await importFile(base, file, setPercent, action);
    setPercent(null);
    if (outcome.ok) {
      feedback.success(t('listScreen.importDone', { count: outcome.reply?.imported ?? 0 }));
      onImported();
      onClose();
    } else {
      setMessage(outcome.message);
      setProblems(outcome.errors);
    }
  };
  const close = () => {
    setProblems([]);
    setMessage(null);
    onClose();
  };

  return (
    <Modal open={open} title={t('listScreen.importTitle')} width={720} onCancel={close} footer={null} destroyOnHidden>
      <div data-testid="import-dialog">
        <Upload.Dragger accept=".xlsx" showUploadList={false} multiple={false} disabled={percent !== null} beforeUpload={(file) => (void upload(file), false)}>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p>{t('listScreen.importHint')}</p>
        </Upload.Dragger>
        <Button type="link" onClick={() => void downloadImportTemplate(base, name)}>{t('listScreen.importTemplate')}</Button>
        {percent !== null && <Progress percent={percent} data-testid="import-progress" />}
        {message && <Alert type="error" showIcon title={problems.length ? t('listScreen.importRejected') : message} style={{ margin: '8px 0' }} />}
        {problems.length > 0 && (
          <Table<ImportProblem>
            data-testid="import-errors"
            size="small"
            rowKey={(p) => `${p.row}:${p.field ?? ''}:${p.message}`}
            dataSource={problems}
            pagination={problems.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { title: t('listScreen.row'), dataIndex: 'row', width: 70 },
              { title: t('listScreen.field'), dataIndex: 'field', width: 160, render: (f: string | null) => (f ? (labels?.[f] ?? f) : '') },
              { title: t('listScreen.problem'), dataIndex: 'message' },
            ]}
          />
        )}
      </div>
    </Modal>
  );
}
