import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { summaryUpdateSchema, type Summary } from "../../../../shared/schemas/session-reports.ts";
import { notifySuccess } from "../../calendar/notify.ts";
import { useShareSummary, useUpdateSummary, type ManagerArea } from "../api.ts";
import { describeInstant } from "../../calendar/format.ts";
import { SUMMARY_STATUS_COLORS, SUMMARY_STATUS_LABELS } from "../format.ts";

/** What the share button does for this viewer: share, submit for review, or approve a submitted one. */
function shareLabel(area: ManagerArea, summary: Summary, requiresReview: boolean): string | null {
  if (area === "admin") return summary.status === "awaiting_review" ? "Approve and share" : "Share with the family";
  if (summary.status === "awaiting_review") return null;
  return requiresReview ? "Submit for review" : "Share with the family";
}

/**
 * One student's summary for the family: edit the words (or take a fresh draft from the
 * report), then share it. A shared summary is final: the family has it by email.
 */
export function SummaryEditor({ area, summary, requiresReview, timeZone }: { area: ManagerArea; summary: Summary; requiresReview: boolean; timeZone: string }) {
  const [body, setBody] = useState(summary.body);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSummary(area, summary.sessionId, summary.studentId);
  const share = useShareSummary(area, summary.sessionId, summary.studentId);
  const shared = summary.status === "shared";
  const dirty = body !== summary.body;
  const label = shareLabel(area, summary, requiresReview);
  const sharing = label !== "Submit for review";
  const fieldId = `summary-${summary.studentId}`;

  const validate = (): boolean => {
    const result = summaryUpdateSchema.safeParse({ body });
    setError(result.success ? null : (result.error.issues[0]?.message ?? "The summary is not valid."));
    return result.success;
  };
  const save = async () => {
    if (!validate()) return false;
    await update.mutateAsync(body);
    return true;
  };
  const shareNow = async () => {
    try {
      if (dirty && !(await save())) return;
      const result = await share.mutateAsync();
      setConfirming(false);
      notifySuccess(
        result.status === "shared" ? "Summary shared" : "Summary submitted",
        result.status === "shared" ? `${summary.studentName}'s family has it by email and in Glassroom.` : "An admin reviews it before the family sees it.",
      );
    } catch {
      // The mutation's error is shown below.
    }
  };
  const failure = update.error ?? share.error;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`${fieldId}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={`${fieldId}-title`}>
            {summary.studentName}
          </Title>
          <Badge color={SUMMARY_STATUS_COLORS[summary.status]} variant="light">
            {SUMMARY_STATUS_LABELS[summary.status]}
            {summary.sharedAt ? ` ${describeInstant(summary.sharedAt, timeZone)}` : ""}
          </Badge>
        </Group>
        {shared ? (
          <Text style={{ whiteSpace: "pre-wrap" }}>{summary.body}</Text>
        ) : (
          <>
            <Textarea
              id={fieldId}
              label={`Summary for ${summary.studentName}'s family`}
              autosize
              minRows={5}
              maxLength={4000}
              value={body}
              error={error}
              onChange={(event) => {
                setBody(event.currentTarget.value);
                setError(null);
              }}
            />
            <Group gap="sm">
              <Button variant="default" onClick={() => void save().then((saved) => saved && notifySuccess("Summary saved", "Not shared yet."))} disabled={!dirty} loading={update.isPending && !share.isPending}>
                Save
              </Button>
              <Button variant="subtle" onClick={() => setBody(summary.draft)} disabled={body === summary.draft}>
                Redraft from the report
              </Button>
              {label && !confirming ? <Button onClick={() => (sharing ? setConfirming(true) : void shareNow())}>{label}</Button> : null}
            </Group>
            {summary.status === "awaiting_review" && area === "tutor" ? <Text size="sm">Waiting for an admin to review it; you may still improve it.</Text> : null}
            {confirming ? (
              <Alert color="blue" title="Share with the family?">
                <Stack gap="xs">
                  <Text size="sm">Guardians and the student get this summary by email and see it in Glassroom. It cannot be changed afterwards.</Text>
                  <Group gap="sm">
                    <Button onClick={() => void shareNow()} loading={share.isPending || update.isPending}>
                      Share now
                    </Button>
                    <Button variant="default" onClick={() => setConfirming(false)}>
                      Not yet
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
          </>
        )}
        {failure ? (
          <Alert color="red" role="alert" title="Could not save the summary">
            {failure.message}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
