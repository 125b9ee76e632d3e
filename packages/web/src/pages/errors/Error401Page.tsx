import { ErrorPage } from './ErrorPage';

export default function Error401Page() {
  return <ErrorPage status={401} />;
}
