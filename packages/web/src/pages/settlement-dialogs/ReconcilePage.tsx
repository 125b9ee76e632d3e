import { ReconcilePanel } from './ReconcileDialog';

/** 结算管理 → 对账查询: the reconciliation per vendor, customer or carrier, goods and freight alike, as a page. */
export default function ReconcilePage() {
  return (
    <div style={{ padding: 16 }} data-testid="reconcile-page">
      <ReconcilePanel />
    </div>
  );
}
