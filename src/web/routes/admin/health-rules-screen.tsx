import { Alert, Stack } from "@mantine/core";
import { useState } from "react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { useHealthRules } from "../../features/student-health/api.ts";
import { RuleVersions } from "../../features/student-health/components/rule-versions.tsx";
import { RulesEditor } from "../../features/student-health/components/rules-editor.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";

/** /admin/health/rules: the rules in force to tune, preview and publish, and every version with what it changed. */
export default function Screen() {
  const rules = useHealthRules();
  // Someone published while these rules were being edited: said here, since the editor starts again from their version.
  const [stale, setStale] = useState<string | null>(null);
  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1200} pb={64}>
      <div>
        <BackLink to="/admin/health">Student health</BackLink>
      </div>
      <PageHeader
        title="Health rules"
        description="The rules that score each student's health: preview who would change band, then publish the change as a new version."
      />
      {stale ? (
        <Alert
          color="orange"
          role="alert"
          title="Another version was published meanwhile"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setStale(null)}
        >
          {stale} The form now shows the version in force: make your changes again, preview, then publish.
        </Alert>
      ) : null}
      <SectionCard title="Rules in force" description="Each rule adds its points when it fires; the bands say what a score means.">
        <QueryState query={rules} label="the health rules">
          {(current) => <RulesEditor key={current.version} current={current} onStale={setStale} onPublished={() => setStale(null)} />}
        </QueryState>
      </SectionCard>
      <SectionCard title="Versions" description="Every version published, newest first: who published it, when, and what it changed.">
        <RuleVersions />
      </SectionCard>
    </Stack>
  );
}
