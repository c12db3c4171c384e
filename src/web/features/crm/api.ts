import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { Board, BoardQuery } from "../../../shared/schemas/crm-board.ts";
import type {
  LeadActivityCreate,
  LeadCreate,
  LeadDetail,
  LeadMove,
  LeadPage,
  LeadSource,
  LeadUpdate,
  StageList,
  Task,
  TaskCreate,
  TaskPage,
  TaskUpdate,
} from "../../../shared/schemas/crm.ts";
import type { MemberPage } from "../../../shared/schemas/members.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/**
 * The CRM's leads, stages, board and tasks, in the admin area (every lead) or the tutor's (their
 * own): the same screens serve both with the area's API prefix, and the server decides what
 * each sees.
 */
export type CrmArea = "admin" | "tutor";

/** The area a CRM screen is in, from its path. */
export const crmAreaOf = (pathname: string): CrmArea => (pathname.startsWith("/tutor/") ? "tutor" : "admin");

/** The filters of the leads list, as the URL holds them. */
export interface LeadFilters {
  q: string;
  stageId: string | null;
  source: LeadSource | null;
  ownerMemberId: string | null;
  page: number;
}

export interface TaskFilters {
  state: "open" | "closed" | "all";
  /** "mine" is the viewer's own (a tutor's are always their own). */
  assigneeMemberId: string | null;
  leadId: string | null;
  page: number;
}

export const LEADS_PAGE_SIZE = 25;
export const TASKS_PAGE_SIZE = 25;
export const BOARD_PER_STAGE = 20;

export const crmKeys = {
  all: ["crm"] as const,
  area: (area: CrmArea) => [...crmKeys.all, area] as const,
  stages: (area: CrmArea) => [...crmKeys.area(area), "stages"] as const,
  boards: (area: CrmArea) => [...crmKeys.area(area), "board"] as const,
  board: (area: CrmArea, query: Partial<BoardQuery>) => [...crmKeys.boards(area), query] as const,
  leads: (area: CrmArea) => [...crmKeys.area(area), "leads"] as const,
  leadList: (area: CrmArea, filters: LeadFilters) => [...crmKeys.leads(area), filters] as const,
  lead: (area: CrmArea, leadId: string) => [...crmKeys.area(area), "lead", leadId] as const,
  tasks: (area: CrmArea) => [...crmKeys.area(area), "tasks"] as const,
  taskList: (area: CrmArea, filters: TaskFilters) => [...crmKeys.tasks(area), filters] as const,
  staff: () => [...crmKeys.all, "staff"] as const,
};

const base = (area: CrmArea) => `/${area}/crm`;
const leadPath = (area: CrmArea, leadId: string) => `${base(area)}/leads/${encodeURIComponent(leadId)}`;
/** The lead's page in the web app. */
export const leadHref = (area: CrmArea, leadId: string) => `/${area}/crm/leads/${encodeURIComponent(leadId)}`;

function leadQueryString(filters: LeadFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.stageId) params.set("stageId", filters.stageId);
  if (filters.source) params.set("source", filters.source);
  if (filters.ownerMemberId) params.set("ownerMemberId", filters.ownerMemberId);
  params.set("page", String(filters.page));
  params.set("pageSize", String(LEADS_PAGE_SIZE));
  return params.toString();
}

function taskQueryString(filters: TaskFilters, pageSize: number): string {
  const params = new URLSearchParams({ state: filters.state, page: String(filters.page), pageSize: String(pageSize) });
  if (filters.assigneeMemberId) params.set("assigneeMemberId", filters.assigneeMemberId);
  if (filters.leadId) params.set("leadId", filters.leadId);
  return params.toString();
}

// ---- Reads ----

/** The stages change rarely: read once a screen, kept a minute. */
export const useStages = (area: CrmArea) =>
  useQuery({ queryKey: crmKeys.stages(area), queryFn: () => api.get<StageList>(`${base(area)}/stages`), staleTime: 60_000 });

export function useBoard(area: CrmArea, ownerMemberId: string | null) {
  const query: Partial<BoardQuery> = { perStage: BOARD_PER_STAGE, ...(ownerMemberId ? { ownerMemberId } : {}) };
  const params = new URLSearchParams({ perStage: String(BOARD_PER_STAGE) });
  if (ownerMemberId) params.set("ownerMemberId", ownerMemberId);
  return useQuery({
    queryKey: crmKeys.board(area, query),
    queryFn: () => api.get<Board>(`${base(area)}/board?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const leadsQuery = (area: CrmArea, filters: LeadFilters) =>
  queryOptions({
    queryKey: crmKeys.leadList(area, filters),
    queryFn: () => api.get<LeadPage>(`${base(area)}/leads?${leadQueryString(filters)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useLeads = (area: CrmArea, filters: LeadFilters) => useQuery(leadsQuery(area, filters));

export const useLead = (area: CrmArea, leadId: string) =>
  useQuery({ queryKey: crmKeys.lead(area, leadId), queryFn: () => api.get<LeadDetail>(leadPath(area, leadId)), retry: false });

export const useTasks = (area: CrmArea, filters: TaskFilters, options: { pageSize?: number; enabled?: boolean } = {}) => {
  const pageSize = options.pageSize ?? TASKS_PAGE_SIZE;
  return useQuery({
    queryKey: [...crmKeys.taskList(area, filters), pageSize],
    queryFn: () => api.get<TaskPage>(`${base(area)}/tasks?${taskQueryString(filters, pageSize)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
};

export interface StaffMember {
  memberId: string;
  name: string;
  role: "admin" | "tutor";
  isYou: boolean;
}

/** The active admins and tutors (owners and assignees an admin may choose), by name. */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.staff(),
    queryFn: async (): Promise<StaffMember[]> => {
      const read = (role: "admin" | "tutor") => api.get<MemberPage>(`/admin/members?role=${role}&status=active&page=1&pageSize=100`);
      const [admins, tutors] = await Promise.all([read("admin"), read("tutor")]);
      return [...admins.items, ...tutors.items]
        .map((member) => ({ memberId: member.memberId, name: member.name, role: member.role as "admin" | "tutor", isYou: member.isYou }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
    enabled,
  });
}

// ---- Changes ----

/** After a change of a lead: its page from the answer; the board and the lists read again. */
async function afterLeadChange(area: CrmArea, saved?: LeadDetail) {
  if (saved) queryClient.setQueryData(crmKeys.lead(area, saved.id), saved);
  await Promise.all([queryClient.invalidateQueries({ queryKey: crmKeys.boards(area) }), queryClient.invalidateQueries({ queryKey: crmKeys.leads(area) })]);
}

/** After a change of a task: the task lists, the board's next tasks and the lead's timeline. */
async function afterTaskChange(area: CrmArea, task: Task) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: crmKeys.tasks(area) }),
    queryClient.invalidateQueries({ queryKey: crmKeys.boards(area) }),
    task.lead ? queryClient.invalidateQueries({ queryKey: crmKeys.lead(area, task.lead.id) }) : null,
  ]);
}

export function useCreateLead(area: CrmArea) {
  return useMutation({
    mutationFn: (input: LeadCreate) => api.post<LeadDetail>(`${base(area)}/leads`, input),
    onSuccess: (saved) => afterLeadChange(area, saved),
  });
}

export function useUpdateLead(area: CrmArea, leadId: string) {
  return useMutation({
    mutationFn: (changes: LeadUpdate) => api.patch<LeadDetail>(leadPath(area, leadId), changes),
    onSuccess: (saved) => afterLeadChange(area, saved),
  });
}

export interface MoveVariables extends LeadMove {
  leadId: string;
}

/**
 * Moves a lead to another stage. On the board the card moves at once (every cached board of the
 * area), and goes back if the server refuses.
 */
export function useMoveLead(area: CrmArea) {
  return useMutation({
    mutationFn: ({ leadId, ...move }: MoveVariables) => api.post<LeadDetail>(`${leadPath(area, leadId)}/move`, move),
    onMutate: async ({ leadId, stageId }) => {
      await queryClient.cancelQueries({ queryKey: crmKeys.boards(area) });
      const before = queryClient.getQueriesData<Board>({ queryKey: crmKeys.boards(area) });
      queryClient.setQueriesData<Board>({ queryKey: crmKeys.boards(area) }, (board) => (board ? moveCard(board, leadId, stageId) : board));
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, board] of context?.before ?? []) queryClient.setQueryData(key, board);
    },
    onSuccess: (saved) => afterLeadChange(area, saved),
  });
}

/** The board with a card taken from its column and put first in another (the server's order follows on the refetch). */
export function moveCard(board: Board, leadId: string, stageId: string): Board {
  const card = board.columns.flatMap((column) => column.cards).find((item) => item.id === leadId);
  if (!card) return board;
  const moved = { ...card, stageEnteredAt: new Date().toISOString() };
  return {
    ...board,
    columns: board.columns.map((column) => {
      const had = column.cards.some((item) => item.id === leadId);
      // A lower bound ("1000+") stays as it is: the refetch brings the count.
      const step = (change: number) => (column.totalIsAtLeast ? column.total : column.total + change);
      if (column.stage.id === stageId) return { ...column, total: step(1), cards: [moved, ...column.cards] };
      return had ? { ...column, total: step(-1), cards: column.cards.filter((item) => item.id !== leadId) } : column;
    }),
  };
}

export function useLogActivity(area: CrmArea, leadId: string) {
  return useMutation({
    mutationFn: (input: LeadActivityCreate) => api.post<LeadDetail>(`${leadPath(area, leadId)}/activities`, input),
    onSuccess: (saved) => afterLeadChange(area, saved),
  });
}

export function useCreateTask(area: CrmArea) {
  return useMutation({
    mutationFn: (input: TaskCreate) => api.post<Task>(`${base(area)}/tasks`, input),
    onSuccess: (task) => afterTaskChange(area, task),
  });
}

export function useUpdateTask(area: CrmArea) {
  return useMutation({
    mutationFn: ({ taskId, ...changes }: TaskUpdate & { taskId: string }) => api.patch<Task>(`${base(area)}/tasks/${encodeURIComponent(taskId)}`, changes),
    onSuccess: (task) => afterTaskChange(area, task),
  });
}
