import { AccountNotice } from './AccountNotice';

export default function RegisterPage() {
  return <AccountNotice topic="register" />;
}
