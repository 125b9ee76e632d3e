import { AccountNotice } from './AccountNotice';

export default function ForgetPasswordPage() {
  return <AccountNotice topic="forgetpwd" />;
}
