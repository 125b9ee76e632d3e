import { ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';

/**
 * A one-line notice above the sign-in form. Plain markup: antd's Alert would add its component,
 * styles and three icons to the page every visitor loads first.
 */
export function FormNotice({ type, text, testId }: { type: 'error' | 'warning'; text: string; testId?: string }) {
  return (
    <div className={`wb-form-notice wb-form-notice-${type}`} role="alert" data-testid={testId}>
      {type === 'error' ? <ExclamationCircleFilled /> : <WarningFilled />}
      <span>{text}</span>
    </div>
  );
}
