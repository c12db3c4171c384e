import { AccessLogTable, accessLogTableProps } from "../../../components/ui/access-log-table.tsx";
import { useAccessLog } from "../api.ts";
import { RecordCard } from "./record-card.tsx";

/** "Who looked at or changed this record": the transparency promise, newest first. */
export function AccessLogSection({ path, timeZone, description }: { path: string; timeZone?: string | undefined; description: string }) {
  const log = useAccessLog(path);
  return (
    <RecordCard title="Who looked at or changed this record" description={description}>
      <AccessLogTable {...accessLogTableProps(log)} timeZone={timeZone} />
    </RecordCard>
  );
}
