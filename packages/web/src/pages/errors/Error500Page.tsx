import { ErrorPage } from './ErrorPage';

export default function Error500Page() {
  return <ErrorPage status={500} />;
}
