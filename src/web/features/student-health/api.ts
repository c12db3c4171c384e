import { useQuery } from "@tanstack/react-query";
import type { HealthCardView } from "../../../shared/schemas/student-health.ts";
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
