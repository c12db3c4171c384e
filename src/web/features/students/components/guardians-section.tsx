import { Anchor, Button, Group, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import type { Guardian, StudentDetail } from "../../../../shared/schemas/students.ts";
import { serverFieldErrors } from "../../../lib/forms.ts";
import { useGuardianCandidates, useLinkGuardian, useUnlinkGuardian } from "../api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { FormError } from "../../../components/ui/form-error.tsx";

import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Guardians": the parent members linked to the student; link another or unlink one. */
export function GuardiansSection({ student, readOnly = false }: { student: StudentDetail; readOnly?: boolean }) {
  const [unlinking, setUnlinking] = useState<Guardian | null>(null);
  return (
    <SectionCard
      title="Guardians"
      description="Parents linked to this student see the record, its access log, and can download the data held about their child."
    >
      {student.guardians.length === 0 ? (
        <Text size="sm" c="dimmed">
          No guardian is linked yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label="Linked guardians" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {student.guardians.map((guardian) => (
            <Paper component="li" key={guardian.memberId} withBorder p="sm" radius="sm">
              <Group justify="space-between" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {guardian.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {guardian.email}
                  </Text>
                </div>
                {readOnly ? null : (
                  <Button variant="default" color="red" size="compact-sm" aria-label={`Unlink ${guardian.name}`} onClick={() => setUnlinking(guardian)}>
                    Unlink
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {readOnly ? null : <LinkGuardianForm student={student} />}
      <UnlinkModal student={student} guardian={unlinking} onClose={() => setUnlinking(null)} />
    </SectionCard>
  );
}

type Option = { value: string; label: string; name: string };

function LinkGuardianForm({ student }: { student: StudentDetail }) {
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<Option | null>(null);
  // Once a parent is chosen the box shows its label: that is not a new search.
  const query = chosen && search === chosen.label ? "" : search;
  const [debounced] = useDebouncedValue(query, 250);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const candidates = useGuardianCandidates(debounced, opened || debounced !== "");
  const link = useLinkGuardian(student.id);

  const linked = new Set(student.guardians.map((guardian) => guardian.memberId));
  const found: Option[] = (candidates.data ?? [])
    .filter((member) => !linked.has(member.memberId))
    .map((member) => ({
      value: member.memberId,
      name: member.name,
      label: `${member.name} (${member.email})${member.status === "suspended" ? " · suspended" : ""}`,
    }));
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setFieldError("Choose a parent to link.");
      return;
    }
    setFieldError(null);
    link.mutate(chosen.value, {
      onSuccess: () => {
        setChosen(null);
        setSearch("");
        notifySuccess("Guardian linked", `${chosen.name} is now a guardian of ${student.name}.`);
      },
      onError: (error) => setFieldError(serverFieldErrors(error).memberId ?? null),
    });
  };

  const otherError = link.error && !serverFieldErrors(link.error).memberId ? link.error : null;
  const nothingFound = candidates.isError
    ? `Could not load parents: ${candidates.error.message}`
    : candidates.isFetching
      ? "Searching…"
      : debounced
        ? "No parent matches."
        : "No parent members to link yet.";

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label="Link a parent"
          description={
            <>
              A parent member of your workspace. To add one, invite them from{" "}
              <Anchor component={Link} to="/admin/members" size="xs" underline="always">
                Members
              </Anchor>
              .
            </>
          }
          placeholder="Search parents by name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options}
          value={chosen?.value ?? null}
          onChange={(value) => {
            setChosen(options.find((option) => option.value === value) ?? null);
            setFieldError(null);
          }}
          onDropdownOpen={() => setOpened(true)}
          nothingFoundMessage={nothingFound}
          error={fieldError}
          maw={520}
        />
        <FormError error={otherError} title="Could not link the guardian" />
        <Group>
          <Button type="submit" variant="light" loading={link.isPending}>
            Link guardian
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UnlinkModal({ student, guardian, onClose }: { student: StudentDetail; guardian: Guardian | null; onClose: () => void }) {
  return (
    <Modal opened={guardian !== null} onClose={onClose} title={guardian ? `Unlink ${guardian.name}?` : "Unlink guardian"} centered>
      {guardian ? <UnlinkBody key={guardian.memberId} student={student} guardian={guardian} onClose={onClose} /> : null}
    </Modal>
  );
}

function UnlinkBody({ student, guardian, onClose }: { student: StudentDetail; guardian: Guardian; onClose: () => void }) {
  const unlink = useUnlinkGuardian(student.id);
  return (
    <Stack gap="md">
      <Text size="sm">
        {guardian.name} will no longer see {student.name}&apos;s record or its access log. Their account stays in your workspace; you can link them again later.
      </Text>
      <FormError error={unlink.error} title="Could not unlink the guardian" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={unlink.isPending}
          onClick={() =>
            unlink.mutate(guardian.memberId, {
              onSuccess: () => {
                onClose();
                notifySuccess("Guardian unlinked", `${guardian.name} is no longer a guardian of ${student.name}.`);
              },
            })
          }
        >
          Unlink guardian
        </Button>
      </Group>
    </Stack>
  );
}
