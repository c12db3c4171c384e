import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, type InfiniteData } from "@tanstack/react-query";
import type { MemberPage } from "../../../shared/schemas/members.ts";
import type { AccessLog, Assignment, StudentCreate, StudentDetail, StudentPage, StudentUpdate } from "../../../shared/schemas/students.ts";
import type { StudentStatus } from "../../../shared/student-states.ts";
import type { AssignmentCreate, AssignmentUpdate } from "../../../shared/schemas/tutors.ts";
import { api, apiFetch } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { tutorKeys } from "../tutors/api.ts";

/** The filters of the students list, as the URL holds them. */
export interface StudentFilters {
  q: string;
  status: StudentStatus | null;
  page: number;
}

export const STUDENTS_PAGE_SIZE = 25;
export const ACCESS_LOG_PAGE_SIZE = 20;

export const studentKeys = {
  all: ["students"] as const,
  lists: () => [...studentKeys.all, "list"] as const,
  list: (filters: StudentFilters) => [...studentKeys.lists(), filters] as const,
  detail: (studentId: string) => [...studentKeys.all, "detail", studentId] as const,
  accessLog: (studentId: string) => [...studentKeys.all, "access-log", studentId] as const,
  guardianCandidates: (q: string) => [...studentKeys.all, "guardian-candidates", q] as const,
};

const studentPath = (studentId: string) => `/admin/students/${encodeURIComponent(studentId)}`;

export function studentListQueryString(filters: StudentFilters, pageSize = STUDENTS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.status) params.set("status", filters.status);
  params.set("page", String(filters.page));
  params.set("pageSize", String(pageSize));
  return params.toString();
}

export const fetchStudents = (filters: StudentFilters) => api.get<StudentPage>(`/admin/students?${studentListQueryString(filters)}`);
export const fetchStudent = (studentId: string) => api.get<StudentDetail>(studentPath(studentId));

export const studentsQuery = (filters: StudentFilters) =>
  queryOptions({ queryKey: studentKeys.list(filters), queryFn: () => fetchStudents(filters), placeholderData: keepPreviousData, staleTime: 0 });
export const useStudents = (filters: StudentFilters) => useQuery(studentsQuery(filters));

/**
 * One student record. Every read is audited as a view, so the record is read when the page
 * opens and changes update it from the server's answers instead of reading it again.
 */
export const studentQuery = (studentId: string) =>
  queryOptions({ queryKey: studentKeys.detail(studentId), queryFn: () => fetchStudent(studentId), retry: false });
export const useStudent = (studentId: string) => useQuery(studentQuery(studentId));

/** The record's access log, newest first, a page at a time ("Load more"). */
export function useStudentAccessLog(studentId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: studentKeys.accessLog(studentId),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(ACCESS_LOG_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return api.get<AccessLog>(`${studentPath(studentId)}/access-log?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
  });
}

export type AccessLogPages = InfiniteData<AccessLog, string | null>;

/** After a change: the saved record from the answer, the lists and the access log read again. */
async function afterChange(studentId: string, saved?: StudentDetail) {
  if (saved) queryClient.setQueryData(studentKeys.detail(studentId), saved);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: studentKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: studentKeys.accessLog(studentId) }),
    // The tutors' pages show their assignments and current student counts.
    queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  ]);
}

function updateCachedStudent(studentId: string, change: (student: StudentDetail) => StudentDetail) {
  queryClient.setQueryData<StudentDetail>(studentKeys.detail(studentId), (student) => (student ? change(student) : student));
}

export function useCreateStudent() {
  return useMutation({
    mutationFn: (input: StudentCreate) => api.post<StudentDetail>("/admin/students", input),
    onSuccess: (saved) => afterChange(saved.id, saved),
  });
}

export function useUpdateStudent(studentId: string) {
  return useMutation({
    mutationFn: (changes: StudentUpdate) => api.patch<StudentDetail>(studentPath(studentId), changes),
    onSuccess: (saved) => afterChange(studentId, saved),
  });
}

export function useLinkGuardian(studentId: string) {
  return useMutation({
    mutationFn: (memberId: string) => api.post<StudentDetail>(`${studentPath(studentId)}/guardians`, { memberId }),
    onSuccess: (saved) => afterChange(studentId, saved),
  });
}

export function useUnlinkGuardian(studentId: string) {
  return useMutation({
    mutationFn: (memberId: string) => apiFetch<StudentDetail>(`${studentPath(studentId)}/guardians/${encodeURIComponent(memberId)}`, { method: "DELETE" }),
    onSuccess: (saved) => afterChange(studentId, saved),
  });
}

export function useEraseStudent(studentId: string) {
  return useMutation({
    mutationFn: (confirmName: string) => api.post<StudentDetail>(`${studentPath(studentId)}/erase`, { confirmName }),
    onSuccess: (saved) => afterChange(studentId, saved),
  });
}

// ---- Assignments (tutor ↔ student) ----

const assignmentPath = (assignmentId: string) => `/admin/assignments/${encodeURIComponent(assignmentId)}`;

export function useCreateAssignment() {
  return useMutation({
    mutationFn: (input: AssignmentCreate) => api.post<Assignment>("/admin/assignments", input),
    onSuccess: (saved) => {
      updateCachedStudent(saved.studentId, (student) => ({ ...student, assignments: [...student.assignments, saved] }));
      return afterChange(saved.studentId);
    },
  });
}

export function useUpdateAssignment() {
  return useMutation({
    mutationFn: ({ assignment, changes }: { assignment: Assignment; changes: AssignmentUpdate }) =>
      api.patch<Assignment>(assignmentPath(assignment.id), changes),
    onSuccess: (saved) => {
      updateCachedStudent(saved.studentId, (student) => ({
        ...student,
        assignments: student.assignments.map((item) => (item.id === saved.id ? saved : item)),
      }));
      return afterChange(saved.studentId);
    },
  });
}

export function useRemoveAssignment() {
  return useMutation({
    mutationFn: (assignment: Assignment) => apiFetch<{ ok: true }>(assignmentPath(assignment.id), { method: "DELETE" }),
    onSuccess: (_answer, assignment) => {
      updateCachedStudent(assignment.studentId, (student) => ({ ...student, assignments: student.assignments.filter((item) => item.id !== assignment.id) }));
      return afterChange(assignment.studentId);
    },
  });
}

// ---- Guardian candidates: the workspace's parent members ----

/** Parent members whose name or email matches (the first 20), for the guardian picker. */
export function useGuardianCandidates(q: string, enabled: boolean) {
  return useQuery({
    queryKey: studentKeys.guardianCandidates(q),
    queryFn: async () => {
      const params = new URLSearchParams({ role: "parent", page: "1", pageSize: "20" });
      if (q.trim()) params.set("q", q.trim());
      const page = await api.get<MemberPage>(`/admin/members?${params}`);
      // Pending people are still waiting in Approvals: they cannot be guardians yet.
      return page.items.filter((member) => member.status !== "pending");
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
