import { ErrorPage } from './ErrorPage';

export default function Error404Page() {
  return <ErrorPage status={404} />;
}
