import { useMemo, useState } from "react";
import type { Picked } from "../../components/ui/search-select.tsx";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";
import type { AnalyticsArea, FigureFilters } from "./api.ts";
import { DEFAULT_PRESET, readRange, todayOnThisDevice, type DayRange, type RangePreset } from "./date-range.ts";

/** The query keys the analytics screens own (the tutor's and student's pages add ?tab=). */
const KEYS = {
  range: "range",
  from: "from",
  to: "to",
  tutor: "tutor",
  tutorName: "tutorName",
  subject: "subject",
  student: "student",
  studentName: "studentName",
};

const text = (params: URLSearchParams, key: string, max = 100) => {
  const value = (params.get(key) ?? "").trim().slice(0, max);
  return value || null;
};

/**
 * The range and filters of the analytics screens, kept in the URL (shareable; Back and Forward
 * step through them). A preset is a word (?range=last-month), worked out from today when the
 * screen opens; a custom range its days (?range=custom&from=&to=). A picked tutor or student
 * keeps their name beside their id, so a shared link shows who without reading the record
 * again (a student's record read is audited as a view).
 */
export function useAnalyticsParams(area: AnalyticsArea) {
  const [params, setParams] = useUrlSearchParams();
  const [today] = useState(() => todayOnThisDevice());
  const query = params.toString();

  const state = useMemo(() => {
    const current = new URLSearchParams(query);
    const chosen = readRange(current, today);
    const admin = area === "admin";
    const tutorId = admin ? text(current, KEYS.tutor) : null;
    const studentId = admin ? text(current, KEYS.student) : null;
    const filters: FigureFilters = { tutorId, subject: admin || area === "tutor" ? text(current, KEYS.subject) : null, studentId };
    const tutor: Picked | null = tutorId ? { id: tutorId, name: text(current, KEYS.tutorName, 200) ?? "The chosen tutor" } : null;
    const student: Picked | null = studentId ? { id: studentId, name: text(current, KEYS.studentName, 200) ?? "The chosen student" } : null;
    return { chosen, filters, tutor, student };
  }, [query, today, area]);

  const change = (apply: (next: URLSearchParams) => void, replace = false) => setParams(apply, { replace, preventScrollReset: true });
  const setPicked = (idKey: string, nameKey: string, picked: Picked | null) =>
    change((next) => {
      next.delete(idKey);
      next.delete(nameKey);
      if (picked) {
        next.set(idKey, picked.id);
        next.set(nameKey, picked.name);
      }
    });

  return {
    ...state,
    today,
    /** A preset; choosing Custom starts from the range shown. */
    setPreset: (preset: RangePreset) =>
      change((next) => {
        const shown = state.chosen.range;
        next.delete(KEYS.from);
        next.delete(KEYS.to);
        if (preset === DEFAULT_PRESET) next.delete(KEYS.range);
        else next.set(KEYS.range, preset);
        if (preset === "custom") {
          next.set(KEYS.from, shown.from);
          next.set(KEYS.to, shown.to);
        }
      }),
    /** A custom range's days as they are typed: one history entry for the typing, not one per day changed. */
    setCustom: (range: DayRange) =>
      change((next) => {
        next.set(KEYS.range, "custom");
        next.set(KEYS.from, range.from);
        next.set(KEYS.to, range.to);
      }, true),
    setTutor: (tutor: Picked | null) => setPicked(KEYS.tutor, KEYS.tutorName, tutor),
    setStudent: (student: Picked | null) => setPicked(KEYS.student, KEYS.studentName, student),
    setSubject: (subject: string | null, replace = false) =>
      change((next) => {
        if (subject) next.set(KEYS.subject, subject);
        else next.delete(KEYS.subject);
      }, replace),
  };
}

export type AnalyticsParams = ReturnType<typeof useAnalyticsParams>;
