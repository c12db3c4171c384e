import { useQuery } from "@tanstack/react-query";
import type { FamilyHealthRules, HealthCardView, OwnHealth } from "../../../shared/schemas/student-health.ts";
import { api } from "../../lib/api-client.ts";

/** The areas that read a student's whole card (the student reads their own figures elsewhere). */
export type HealthCardArea = "admin" | "tutor" | "parent";

export const healthKeys = {
  all: ["student-health"] as const,
  card: (area: HealthCardArea, studentId: string) => [...healthKeys.all, "card", area, studentId] as const,
};

export const useHealthCard = (area: HealthCardArea, studentId: string) =>
  useQuery({
    queryKey: healthKeys.card(area, studentId),
    queryFn: () => api.get<HealthCardView>(`/${area}/students/${encodeURIComponent(studentId)}/health`),
  });

/** The rules families read (the parent's thresholds page) and the student's own figures (their profile). */
export const familyHealthRulesKey = [...healthKeys.all, "family-rules"] as const;
export const ownHealthKey = [...healthKeys.all, "own"] as const;

export const useFamilyHealthRules = () => useQuery({ queryKey: familyHealthRulesKey, queryFn: () => api.get<FamilyHealthRules>("/parent/health/rules") });

export const useOwnHealth = () => useQuery({ queryKey: ownHealthKey, queryFn: () => api.get<OwnHealth>("/student/health") });
