import { Button, Text } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import type { FailedMail, StatusScope, SystemStatus } from "../../../../shared/schemas/system-status.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { NothingYet } from "../../../components/ui/list-empty.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { Email } from "../../members/components/email.tsx";
import { RetryMailModal } from "./retry-mail-modal.tsx";

function columns(scope: StatusScope, retry: (mail: FailedMail) => void): DataColumn<FailedMail>[] {
  return [
    { header: "To", rowHeader: true, minWidth: 160, cell: (mail) => <Email address={mail.to} /> },
    { header: "Subject", minWidth: 160, cell: (mail) => mail.subject },
    ...(scope === "install"
      ? [
          {
            header: "Workspace",
            cell: (mail: FailedMail) =>
              mail.workspace ? (
                <>
                  {mail.workspace.name}{" "}
                  <Text component="span" size="sm" c="dimmed">
                    ({mail.workspace.slug})
                  </Text>
                </>
              ) : (
                "None (account mail)"
              ),
          },
        ]
      : []),
    {
      header: "Error",
      minWidth: 200,
      cell: (mail) => (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {mail.error ?? "No error recorded"}
        </Text>
      ),
    },
    { header: "Attempts", align: "right", cell: (mail) => mail.attempts },
    { header: "Failed", minWidth: 140, cell: (mail) => <Instant at={mail.failedAt} /> },
    {
      header: "Actions",
      headerHidden: true,
      align: "right",
      cell: (mail) => (
        <Button size="compact-sm" variant="light" onClick={() => retry(mail)} aria-label={`Send again the mail to ${mail.to}`}>
          Send again
        </Button>
      ),
    },
  ];
}

/** The mails that failed after every attempt, newest first, each with "Send again" (asked to confirm). */
export function FailedMails({ scope, mail }: { scope: StatusScope; mail: SystemStatus["mail"] }) {
  const [retrying, setRetrying] = useState<FailedMail | null>(null);
  const kept = `${mail.keptHours} hours`;
  return (
    <SectionCard
      title="Failed mails"
      description={`Mails not sent after every attempt (the mail server refused them, or could not be reached), newest first, from the last ${kept}. Their text is never shown.`}
    >
      <DataTable
        rows={mail.failed}
        columns={columns(scope, setRetrying)}
        rowKey={(failed) => failed.jobId}
        caption={mail.moreFailed ? `The newest ${mail.failed.length} failed mails; more failed before them.` : "Failed mails, newest first."}
        captionHidden
        listLabel="Failed mails"
        minWidth={scope === "install" ? 940 : 800}
        empty={
          <NothingYet
            icon={<IconMailCheck size={28} aria-hidden="true" />}
            title="No failed mails"
            description={`Every mail of the last ${kept} was sent, or is still being tried.`}
          />
        }
      />
      {mail.moreFailed ? <Text size="sm">Only the newest {mail.failed.length} are listed: the older ones show here once these are sent again.</Text> : null}
      <RetryMailModal scope={scope} mail={retrying} onClose={() => setRetrying(null)} />
    </SectionCard>
  );
}
