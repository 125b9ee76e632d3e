import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { getContract, type ContractEntity } from './api';

export interface DialogProps { ctx: PageActionContext; onClose(): void }

/** The chosen contract as it stands now (never a cached copy: the list may be older than the contract). */
export function useContract(ctx: PageActionContext) {
  const id = ctx.selectedIds[0] as string;
  return useQuery({ queryKey: ['contract-dialog', ctx.base, id], queryFn: () => getContract(ctx.base, id), staleTime: 0, gcTime: 0 });
}

interface ContractDialogProps {
  title: string;
  width: number;
  contract: ContractEntity | undefined;
  footer: ReactNode;
  onClose(): void;
  testId: string;
  children: ReactNode;
}

/** The frame both contract dialogs share: the title with the contract's number, and its status. */
export function ContractDialog({ title, width, contract, footer, onClose, testId, children }: ContractDialogProps) {
  const { t } = useTranslation();
  const statuses = t('contractDialogs.statuses', { returnObjects: true }) as Record<string, string>;
  return (
    <Modal open width={width} title={`${title}${contract ? ` · ${contract.contractNo}` : ''}`} onCancel={onClose} footer={footer} destroyOnHidden>
      <div data-testid={testId}>
        <Descriptions size="small" column={4} style={{ marginBottom: 12 }}
          items={[
            { key: 'no', label: t('contractDialogs.contractNo'), children: contract?.contractNo ?? '' },
            { key: 'status', label: t('contractDialogs.status'), children: <span data-testid="contract-dialog-status">{contract ? statuses[contract.docStatus] ?? contract.docStatus : ''}</span> },
          ]} />
        {children}
      </div>
    </Modal>
  );
}
