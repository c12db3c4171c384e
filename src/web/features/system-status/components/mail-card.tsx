import { Badge, Text } from "@mantine/core";
import type { SystemStatus } from "../../../../shared/schemas/system-status.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { count } from "../format.ts";
import { StatusCard, StatusFact } from "./status-card.tsx";

/** Mail: how it leaves the server, the last one sent, what waits and how many failed. */
export function MailCard({ mail }: { mail: SystemStatus["mail"] }) {
  const failed = mail.moreFailed ? `More than ${mail.failed.length}` : String(mail.failed.length);
  return (
    <StatusCard
      title="Mail"
      badge={
        mail.failed.length > 0 ? (
          <Badge color="red" variant="light">
            {count(mail.failed.length, "failed mail")}
          </Badge>
        ) : null
      }
    >
      <StatusFact label="Transport">
        {mail.transport === "smtp" ? (
          "SMTP"
        ) : (
          <>
            Log only
            <Text component="span" size="sm" c="dimmed" display="block">
              SMTP_URL is not set: mail is written to the server's log, not sent.
            </Text>
          </>
        )}
      </StatusFact>
      <StatusFact label="Last sent">{mail.lastSentAt ? <Instant at={mail.lastSentAt} /> : `None in the last ${mail.keptHours} hours`}</StatusFact>
      <StatusFact label="Waiting to be sent">{mail.waiting === 0 ? "None" : `${count(mail.waiting, "mail")}, queued or to be tried again`}</StatusFact>
      <StatusFact label={`Failed (last ${mail.keptHours} hours)`}>{failed}</StatusFact>
    </StatusCard>
  );
}
