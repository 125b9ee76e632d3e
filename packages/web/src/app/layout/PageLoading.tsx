import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="wb-page-loading">
      <Spin size="large" />
    </div>
  );
}
