import { PageHeader } from "../../components/ui/page-header.tsx";

export default function Screen() {
  return <PageHeader title="Student health" />;
}
