import { useMutation, useQuery } from "@tanstack/react-query";
import type { LeadConversion, LeadConvert, StudentLeadTimeline, Trial, TrialBook, TrialFeedbackCreate, TrialList } from "../../../shared/schemas/crm-trials.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { type CrmArea, crmKeys } from "./api.ts";

/**
 * A lead's trial lessons, their feedback and converting the lead, and the lead's timeline as a
 * student's record shows it. Keys sit under the CRM's, so that a change here also refreshes the
 * lead's page, the board and the tasks (which trials and conversion write to).
 */
export const trialKeys = {
  leadTrials: (area: CrmArea, leadId: string) => [...crmKeys.area(area), "trials", leadId] as const,
  studentTimeline: (area: CrmArea, studentId: string) => [...crmKeys.area(area), "student-lead-timeline", studentId] as const,
  awaitingFeedback: (area: CrmArea) => [...crmKeys.area(area), "trials-awaiting-feedback"] as const,
};

const leadPath = (area: CrmArea, leadId: string) => `/${area}/crm/leads/${encodeURIComponent(leadId)}`;

export const useLeadTrials = (area: CrmArea, leadId: string) =>
  useQuery({ queryKey: trialKeys.leadTrials(area, leadId), queryFn: () => api.get<TrialList>(`${leadPath(area, leadId)}/trials`) });

export const useStudentLeadTimeline = (area: CrmArea, studentId: string, enabled = true) =>
  useQuery({
    queryKey: trialKeys.studentTimeline(area, studentId),
    queryFn: () => api.get<StudentLeadTimeline>(`/${area}/crm/students/${encodeURIComponent(studentId)}/lead-timeline`),
    retry: false,
    enabled,
  });

/** The trials that have begun and wait for feedback: a tutor's own (whoever owns the lead), every one for admins. */
export const useTrialsAwaitingFeedback = (area: CrmArea) =>
  useQuery({ queryKey: trialKeys.awaitingFeedback(area), queryFn: () => api.get<TrialList>(`/${area}/crm/trials/awaiting-feedback`) });

/** After a trial or a conversion: the lead's trials and page, the board, the lists and the tasks read again. */
async function afterTrialChange(area: CrmArea, leadId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trialKeys.leadTrials(area, leadId) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.lead(area, leadId) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.boards(area) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.leads(area) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.tasks(area) }),
    queryClient.invalidateQueries({ queryKey: trialKeys.awaitingFeedback(area) }),
  ]);
}

export function useBookTrial(area: CrmArea, leadId: string) {
  return useMutation({
    mutationFn: (input: TrialBook) => api.post<Trial>(`${leadPath(area, leadId)}/trials`, input),
    onSuccess: () => afterTrialChange(area, leadId),
  });
}

export interface FeedbackVariables extends TrialFeedbackCreate {
  trialId: string;
}

export function useFileTrialFeedback(area: CrmArea, leadId: string) {
  return useMutation({
    mutationFn: ({ trialId, ...input }: FeedbackVariables) => api.post<Trial>(`/${area}/crm/trials/${encodeURIComponent(trialId)}/feedback`, input),
    onSuccess: () => afterTrialChange(area, leadId),
  });
}

export function useConvertLead(area: CrmArea, leadId: string) {
  return useMutation({
    mutationFn: (input: LeadConvert) => api.post<LeadConversion>(`${leadPath(area, leadId)}/convert`, input),
    onSuccess: () => afterTrialChange(area, leadId),
  });
}

/** What the trial and conversion buttons need of a lead (a LeadDetail or LeadSummary will do). */
export interface CrmLeadRef {
  id: string;
  guardianName: string | null;
  studentName: string | null;
  email: string | null;
  subjects: string[];
  owner: { memberId: string; name: string } | null;
  convertedAt: string | null;
}
