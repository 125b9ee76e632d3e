import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '@/platform/display';
import { CHANGE_FIELDS, historyRows, type HistoryRow } from './history-rows';
import { ContractDialog, useContract, type DialogProps } from './shared';

/** 变更记录: each value the contract's audited amendments changed, before and after, when and by whom. */
export function AmendHistoryDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: contract } = useContract(ctx);
  const display = useDisplay();
  const word = (field: string) => ((CHANGE_FIELDS as readonly string[]).includes(field) ? t(`contractDialogs.fields.${field}`) : field);
  const rows = historyRows(contract?.amendHistory ?? [], word, display);
  const column = (key: keyof HistoryRow, width: number) => ({ key, dataIndex: key, title: t(`contractDialogs.history.${key}`), width });
  return (
    <ContractDialog title={t('contractDialogs.historyTitle')} width={980} contract={contract} onClose={onClose} testId="history-dialog"
      footer={[<Button key="close" onClick={onClose}>{t('contractDialogs.close')}</Button>]}>
      <Table<HistoryRow> size="small" bordered pagination={false} rowKey="key" dataSource={rows} loading={!contract}
        locale={{ emptyText: t('contractDialogs.noHistory') }} data-testid="history-table"
        columns={[column('amendNo', 170), column('line', 80), column('field', 120), column('before', 130), column('after', 130), column('when', 170), column('who', 110)]} />
    </ContractDialog>
  );
}
