import { PageHeader } from '../../components/page-header';

/** TODO(issue 19) */
export default function Page() {
  return <PageHeader title="template-page" />;
}
