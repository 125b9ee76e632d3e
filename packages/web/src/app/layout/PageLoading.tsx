/** A plain spinner: the first thing every route may show, so it costs no antd component. */
export function PageLoading() {
  return (
    <div className="wb-page-loading" role="status" aria-busy="true">
      <span className="wb-spinner" />
    </div>
  );
}
