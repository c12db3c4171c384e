import { Autocomplete, Box } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { SearchSelect, usePickerSearch, type Picked } from "../../../components/ui/search-select.tsx";
import { StudentPicker } from "../../records/components/student-picker.tsx";
import { useTutorOptions } from "../../tutors/api.ts";
import { ownTutorProfileQuery } from "../../tutor-profile/api.ts";
import type { AnalyticsArea } from "../api.ts";
import type { AnalyticsParams } from "../use-analytics-params.ts";
import { FIELD_WIDTH, RangeControl } from "./range-control.tsx";

/** A tutor of the workspace, searched on the server as the admin types (the first 50 otherwise). */
function TutorPicker({ value, onChange }: { value: Picked | null; onChange: (tutor: Picked | null) => void }) {
  const picker = usePickerSearch(value, "Any tutor");
  const tutors = useTutorOptions(picker.query, true);
  const options = (tutors.data?.items ?? []).map((tutor) => ({
    id: tutor.memberId,
    name: tutor.name,
    label: tutor.status === "active" ? tutor.name : `${tutor.name} (${tutor.status})`,
  }));
  return (
    <SearchSelect
      label="Tutor"
      picker={picker}
      value={value}
      onChange={onChange}
      emptyLabel="Any tutor"
      options={options}
      state={tutors}
      nothingFound="No tutor matches"
      w={FIELD_WIDTH}
    />
  );
}

/** The subjects to suggest: the workspace's tutors' (admin), or the tutor's own. */
function useSubjectSuggestions(area: AnalyticsArea): string[] {
  const tutors = useTutorOptions("", area === "admin");
  const own = useQuery({ ...ownTutorProfileQuery, enabled: area === "tutor" });
  const subjects = area === "admin" ? (tutors.data?.items ?? []).flatMap((tutor) => tutor.subjects) : area === "tutor" ? (own.data?.subjects ?? []) : [];
  return [...new Set(subjects)].sort((a, b) => a.localeCompare(b));
}

/**
 * A subject, typed (sessions carry the subject they were booked with, which no list holds)
 * with the known ones suggested; applied once typing pauses, or when a suggestion is picked.
 */
function SubjectFilter({ area, value, onChange }: { area: AnalyticsArea; value: string | null; onChange: (subject: string | null, replace: boolean) => void }) {
  const suggestions = useSubjectSuggestions(area);
  const [text, setText] = useState(value ?? "");
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if ((text.trim() || null) !== value) setText(value ?? "");
  }
  const send = useDebouncedCallback((typed: string) => onChange(typed.trim() || null, true), 500);
  return (
    <Autocomplete
      label="Subject"
      placeholder="Any subject"
      data={suggestions}
      value={text}
      maxLength={100}
      onChange={(typed) => {
        setText(typed);
        send(typed);
      }}
      onOptionSubmit={(subject) => {
        send.cancel();
        setText(subject);
        onChange(subject, false);
      }}
      comboboxProps={{ keepMounted: false }}
      w={FIELD_WIDTH}
    />
  );
}

/** The range, then the filters the area may use: an admin's tutor, subject and student; a tutor's subject. */
export function AnalyticsFilters({ area, params }: { area: AnalyticsArea; params: AnalyticsParams }) {
  return (
    <Box role="search" aria-label="Choose the range and filters of the figures">
      <RangeControl params={params}>
        {area === "admin" ? <TutorPicker value={params.tutor} onChange={params.setTutor} /> : null}
        {area === "admin" || area === "tutor" ? <SubjectFilter area={area} value={params.filters.subject} onChange={params.setSubject} /> : null}
        {area === "admin" ? (
          <StudentPicker label="Student" emptyLabel="Any student" value={params.student} onChange={params.setStudent} w={FIELD_WIDTH} />
        ) : null}
      </RangeControl>
    </Box>
  );
}
