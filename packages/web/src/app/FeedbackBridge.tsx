import { useEffect } from 'react';
import { App } from 'antd';
import { registerFeedback } from '@/platform/feedback';

/** Hands the themed message and notification instances to code that runs outside components. */
export function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => registerFeedback({ message, notification }), [message, notification]);
  return null;
}
