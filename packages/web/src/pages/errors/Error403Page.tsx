import { ErrorPage } from './ErrorPage';

export default function Error403Page() {
  return <ErrorPage status={403} />;
}
