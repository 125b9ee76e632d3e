import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigator } from '@/app/navigation';

/** Lets code outside components (sign-out on a 401, session actions) navigate with the router. */
export function NavigatorBinding() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to, opts) => void navigate(to, opts)), [navigate]);
  return null;
}
