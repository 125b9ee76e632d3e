import { useEffect } from 'react';
import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { registerFeedback } from '@/platform/feedback';

/**
 * Hands themed message and notification instances to code that runs outside components. Hooks
 * rather than antd's App: App would also bring Modal to the sign-in page, which needs none.
 */
export function FeedbackBridge() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => registerFeedback({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
