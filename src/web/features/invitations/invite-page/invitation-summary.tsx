import { Stack, Text } from "@mantine/core";
import { ROLE_LABELS } from "../../../../shared/roles.ts";
import type { InvitationPreview } from "../../../../shared/schemas/members.ts";
import { formatInstant } from "../../../lib/format-time.ts";
import { browserTimeZone } from "../../../lib/time-zones.ts";

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** "Jane Doe invited you to join Bright Tutors as a parent of Sam Lee." */
export function invitationSentence(preview: InvitationPreview): string {
  const role = ROLE_LABELS[preview.role].toLowerCase();
  const who = preview.invitedByName ? `${preview.invitedByName} invited you` : "You are invited";
  const student = preview.studentName ? (preview.role === "parent" ? ` of ${preview.studentName}` : ` (the record of ${preview.studentName})`) : "";
  return `${who} to join ${preview.workspaceName} as ${article(role)} ${role}${student}.`;
}

/** What the invitation is: workspace, role, who sent it, the student, the email and until when. */
export function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <Stack gap={6}>
      <Text fw={600}>{invitationSentence(preview)}</Text>
      <Text size="sm">
        Invitation for <strong style={{ overflowWrap: "anywhere" }}>{preview.email}</strong>
        {preview.state === "pending" ? (
          <>
            , valid until <time dateTime={preview.expiresAt}>{formatInstant(preview.expiresAt, browserTimeZone() ?? "UTC")}</time>
          </>
        ) : null}
        .
      </Text>
    </Stack>
  );
}
