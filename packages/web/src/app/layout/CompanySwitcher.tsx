import { Button } from 'antd';
import { BankOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCompanyDialog } from '@/app/session/company-dialog-store';
import { useSession } from '@/app/session/session-store';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { isProLogin } from '@/app/session/pro-login';

// 选择组织机构 (its table of companies) loads when first opened
const companyDialogCode = moduleLoader(() => import('./CompanyDialog'));

/** The current company's name, or 请选择公司 when none is chosen; either opens 选择组织机构. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const name = useSession((s) => s.userInfo?.currentOrgName ?? null);
  const { open, show, hide } = useCompanyDialog();
  const dialog = useModule(companyDialogCode, open, hide);
  // clicked before the idle prefetch brought the dialog's code
  const loading = open && !dialog;
  // signed in through the pro sign-in: the company is fixed, its name is not a switch
  if (isProLogin() && name) {
    return (
      <span className="wb-company wb-company-fixed" data-testid="company-name" data-fixed="true" title={t('top.company')}>
        <BankOutlined />
        <span className="wb-company-name">{name}</span>
      </span>
    );
  }
  return (
    <>
      {name ? (
        <Button type="text" className="wb-company" onClick={show} loading={loading} data-testid="company-name" title={t('top.company')}>
          <BankOutlined />
          <span className="wb-company-name">{name}</span>
          <SwapOutlined className="wb-company-swap" />
        </Button>
      ) : (
        <Button type="primary" ghost onClick={show} loading={loading} data-testid="company-name">
          {t('top.chooseCompany')}
        </Button>
      )}
      {dialog && <dialog.CompanyDialog open={open} onClose={hide} />}
    </>
  );
}
