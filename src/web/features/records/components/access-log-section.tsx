import { AccessLogTable, accessLogTableProps } from "../../../components/ui/access-log-table.tsx";
import { useAccessLog } from "../api.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Who looked at or changed this record": the transparency promise, newest first. */
export function AccessLogSection({ path, timeZone, description }: { path: string; timeZone?: string | undefined; description: string }) {
  const log = useAccessLog(path);
  return (
    <SectionCard title="Who looked at or changed this record" description={description}>
      <AccessLogTable {...accessLogTableProps(log)} timeZone={timeZone} />
    </SectionCard>
  );
}
