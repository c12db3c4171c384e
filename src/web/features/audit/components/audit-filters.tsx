import { Box, Grid, Select, TextInput } from "@mantine/core";
import { useState } from "react";
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction } from "../../../../shared/schemas/audit.ts";
import { MemberPicker, type PickedMember } from "../../members/components/member-picker.tsx";
import { StudentPicker, type PickedStudent } from "../../records/components/student-picker.tsx";
import type { AuditFilters as Filters } from "../api.ts";

/** "All actions" is an option (not only a clear button, which the keyboard cannot reach). */
const ALL = "all";
const ACTION_OPTIONS = [
  { value: ALL, label: "All actions" },
  ...AUDIT_ACTION_NAMES.map((action) => ({ value: action, label: AUDIT_ACTIONS[action] })).sort((a, b) => a.label.localeCompare(b.label)),
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Who (a member), what (an action), which student and which days. Each change applies at once;
 * a "to" date before the "from" date is named and not applied.
 */
export function AuditFilters({ onChange }: { onChange: (filters: Filters) => void }) {
  const [actor, setActor] = useState<PickedMember | null>(null);
  const [student, setStudent] = useState<PickedStudent | null>(null);
  const [action, setAction] = useState<AuditAction | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const rangeError = from && to && to < from ? "To date must not be before the from date." : null;

  const apply = (next: { actor?: PickedMember | null; student?: PickedStudent | null; action?: AuditAction | null; from?: string; to?: string }) => {
    const values = { actor, student, action, from, to, ...next };
    if (values.from && values.to && values.to < values.from) return;
    onChange({
      actorUserId: values.actor?.id ?? null,
      action: values.action,
      studentId: values.student?.id ?? null,
      from: DATE.test(values.from) ? values.from : null,
      to: DATE.test(values.to) ? values.to : null,
    });
  };

  return (
    <Box role="search" aria-label="Filter the audit log">
      <Grid columns={10} gap="sm">
        <Grid.Col span={{ base: 10, sm: 5, md: 2 }}>
          <MemberPicker
            label="Who"
            emptyLabel="Anyone"
            value={actor}
            onChange={(next) => {
              setActor(next);
              apply({ actor: next });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 10, sm: 5, md: 2 }}>
          <Select
            label="Action"
            data={ACTION_OPTIONS}
            value={action ?? ALL}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No action matches"
            comboboxProps={{ keepMounted: false }}
            maxDropdownHeight={280}
            onChange={(value) => {
              const next = value && value !== ALL ? (value as AuditAction) : null;
              setAction(next);
              apply({ action: next });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 10, md: 2 }}>
          <StudentPicker
            label="Student"
            emptyLabel="Any student"
            value={student}
            onChange={(next) => {
              setStudent(next);
              apply({ student: next });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <TextInput
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setFrom(next);
              apply({ from: next });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <TextInput
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            error={rangeError}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setTo(next);
              apply({ to: next });
            }}
          />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
