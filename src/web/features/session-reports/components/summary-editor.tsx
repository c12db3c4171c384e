import { Alert, Badge, Button, Card, Group, List, Stack, Text, Textarea, Title } from "@mantine/core";

import { IconAlertTriangle } from "@tabler/icons-react";

import { useState } from "react";

import { summaryUpdateSchema, type Summary } from "../../../../shared/schemas/session-reports.ts";

import { notifySuccess } from "../../../lib/notify.ts";

import { useRedraftSummary, useShareSummary, useUpdateSummary } from "../api.ts";
import { formatInstant } from "../../../lib/format-time.ts";

import { SUMMARY_STATUS_COLORS, SUMMARY_STATUS_LABELS } from "../format.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";

/** What the share button does for this viewer: share, submit for review, or approve a submitted one. */
function shareLabel(area: ManagerArea, summary: Summary, requiresReview: boolean): string | null {
  if (area === "admin") return summary.status === "awaiting_review" ? "Approve and share" : "Share with the family";
  if (summary.status === "awaiting_review") return null;
  return requiresReview ? "Submit for review" : "Share with the family";
}

/**
 * The lasting warning on a summary whose report was corrected after its (edited) words were
 * written: what changed, and the one-click redraft. It stays until redrafted or shared.
 */
function ReportChangedWarning({ summary, onRedraft, redrafting }: { summary: Summary; onRedraft: () => void; redrafting: boolean }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      title="The report changed after this summary was written"
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">These words may tell the family something the report no longer says:</Text>
        <List size="sm" spacing={2} style={{ overflowWrap: "anywhere" }}>
          {summary.reportChanges.map((change) => (
            <List.Item key={change.field}>
              <Text span size="sm" fw={600}>
                {change.label}:
              </Text>{" "}
              {change.before} → {change.after}
            </List.Item>
          ))}
        </List>
        <Text size="sm">Redraft it from the corrected report (your wording is replaced), or share it as it is.</Text>
        <Group>
          {/* Its label wraps on a phone rather than push the card wider than the screen. */}
          <Button onClick={onRedraft} loading={redrafting} h="auto" mih={36} py={6} styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}>
            Redraft from the corrected report
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * One student's summary for the family: edit the words (or take a fresh draft from the
 * report), then share it. A shared summary is final: the family has it by email. Words older
 * than a correction of the report carry a warning, and are shared only "as they are".
 */
export function SummaryEditor({ area, summary, requiresReview, timeZone }: { area: ManagerArea; summary: Summary; requiresReview: boolean; timeZone: string }) {
  const [body, setBody] = useState(summary.body);
  // The words last read from the server: when they change there (a correction redrafted them),
  // the field follows unless it holds unsaved words of the tutor's.
  const [serverBody, setServerBody] = useState(summary.body);
  if (summary.body !== serverBody) {
    setServerBody(summary.body);
    if (body === serverBody) setBody(summary.body);
  }
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSummary(area, summary.sessionId, summary.studentId);
  const share = useShareSummary(area, summary.sessionId, summary.studentId);
  const redraft = useRedraftSummary(area, summary.sessionId, summary.studentId);
  const shared = summary.status === "shared";
  const stale = !shared && summary.reportChanges.length > 0;
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
      // Confirming a stale summary is the choice to share its words as they are.
      const result = await share.mutateAsync({ acknowledgeReportChange: stale });
      setConfirming(false);
      notifySuccess(
        result.status === "shared" ? "Summary shared" : "Summary submitted",
        result.status === "shared" ? `${summary.studentName}'s family has it by email and in Glassroom.` : "An admin reviews it before the family sees it.",
      );
    } catch {
      // The mutation's error is shown below.
    }
  };
  const redraftNow = async () => {
    try {
      const result = await redraft.mutateAsync();
      setServerBody(result.body);
      setBody(result.body);
      setError(null);
      setConfirming(false);
      notifySuccess("Summary redrafted", "It now follows the corrected report. Not shared yet.");
    } catch {
      // The mutation's error is shown below.
    }
  };
  const failure = update.error ?? share.error ?? redraft.error;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`${fieldId}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={`${fieldId}-title`}>
            {summary.studentName}
          </Title>
          <Badge color={SUMMARY_STATUS_COLORS[summary.status]} variant="light">
            {SUMMARY_STATUS_LABELS[summary.status]}
            {summary.sharedAt ? ` ${formatInstant(summary.sharedAt, timeZone)}` : ""}
          </Badge>
        </Group>
        {shared ? (
          <Text style={{ whiteSpace: "pre-wrap" }}>{summary.body}</Text>
        ) : (
          <>
            {stale ? <ReportChangedWarning summary={summary} onRedraft={() => void redraftNow()} redrafting={redraft.isPending} /> : null}
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
              <Button
                variant="default"
                onClick={() => void save().then((saved) => saved && notifySuccess("Summary saved", "Not shared yet."))}
                disabled={!dirty}
                loading={update.isPending && !share.isPending}
              >
                Save
              </Button>
              {stale ? null : (
                <Button variant="subtle" onClick={() => setBody(summary.draft)} disabled={body === summary.draft}>
                  Redraft from the report
                </Button>
              )}
              {label && !confirming ? <Button onClick={() => (sharing || stale ? setConfirming(true) : void shareNow())}>{label}</Button> : null}
            </Group>
            {summary.status === "awaiting_review" && area === "tutor" ? (
              <Text size="sm">Waiting for an admin to review it; you may still improve it.</Text>
            ) : null}
            {confirming ? (
              <Alert color={stale ? "orange" : "blue"} title={stale ? `${sharing ? "Share" : "Submit"} it as it is?` : "Share with the family?"}>
                <Stack gap="xs">
                  {stale ? (
                    <Text size="sm">
                      The report changed after these words were written (see above); they go {sharing ? "to the family" : "for review"} unchanged.
                    </Text>
                  ) : null}
                  {sharing ? (
                    <Text size="sm">Guardians and the student get this summary by email and see it in Glassroom. It cannot be changed afterwards.</Text>
                  ) : null}
                  <Group gap="sm">
                    <Button onClick={() => void shareNow()} loading={share.isPending || update.isPending}>
                      {stale ? `${sharing ? "Share" : "Submit"} as it is` : "Share now"}
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
