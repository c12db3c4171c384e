import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { Area } from "../../../shared/roles.ts";
import type {
  AcknowledgementList,
  ResourceDetail,
  ResourceDetails,
  ResourceLinkCreate,
  ResourceLinkVersion,
  ResourceList,
} from "../../../shared/schemas/resources.ts";
import { api, apiFetch } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { uploadFile, type UploadHandle } from "../../lib/upload.ts";

export const RESOURCES_PAGE_SIZE = 20;

export interface ResourceListParams {
  q: string;
  category: string | null;
  page: number;
}

export const resourceKeys = {
  all: ["resources"] as const,
  list: (area: Area, params: ResourceListParams) => ["resources", area, "list", params] as const,
  detail: (area: Area, id: string) => ["resources", area, "detail", id] as const,
  acknowledgements: (id: string, state: string, page: number) => ["resources", "admin", "acknowledgements", id, state, page] as const,
};

const base = (area: Area) => `/${area}/resources`;

export function useResources(area: Area, params: ResourceListParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(RESOURCES_PAGE_SIZE) });
  if (params.q) query.set("q", params.q);
  if (params.category) query.set("category", params.category);
  return useQuery({
    queryKey: resourceKeys.list(area, params),
    queryFn: () => api.get<ResourceList>(`${base(area)}?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The workspace's documents that may state the cancellation policy: for parents, asking them to acknowledge it. */
export const usePolicyDocuments = () =>
  useQuery({
    queryKey: [...resourceKeys.all, "admin", "policy-documents"] as const,
    queryFn: async () => {
      const page = await api.get<ResourceList>("/admin/resources?pageSize=100&acknowledgement=required");
      return page.items.filter((item) => item.owner === null && item.requiresAcknowledgement && item.audience.includes("parent"));
    },
  });

export const useResource = (area: Area, id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(area, id ?? ""),
    queryFn: () => api.get<ResourceDetail>(`${base(area)}/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });

export const useAcknowledgements = (id: string, state: string, page: number) =>
  useQuery({
    queryKey: resourceKeys.acknowledgements(id, state, page),
    queryFn: () =>
      api.get<AcknowledgementList>(
        `/admin/resources/${encodeURIComponent(id)}/acknowledgements?${new URLSearchParams({ state, page: String(page), pageSize: "20" })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Everything about the library is read again after a change: lists, counts and what awaits acknowledgement move together. */
export const refreshResources = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all });

export const useAddLinkResource = (area: "admin" | "tutor") =>
  useMutation({ mutationFn: (input: ResourceLinkCreate) => api.post<ResourceDetail>(`${base(area)}/links`, input), onSuccess: refreshResources });

export const useUpdateResource = (area: "admin" | "tutor", id: string) =>
  useMutation({
    mutationFn: (input: ResourceDetails) => api.put<ResourceDetail>(`${base(area)}/${encodeURIComponent(id)}`, input),
    onSuccess: refreshResources,
  });

export const useAddLinkVersion = (area: "admin" | "tutor", id: string) =>
  useMutation({
    mutationFn: (input: ResourceLinkVersion) => api.post<ResourceDetail>(`${base(area)}/${encodeURIComponent(id)}/versions/links`, input),
    onSuccess: refreshResources,
  });

export const useDeleteResource = (area: "admin" | "tutor") =>
  useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: true }>(`${base(area)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refreshResources,
  });

export const useAcknowledge = (area: Area, id: string) =>
  useMutation({
    mutationFn: (version: number) => api.post<{ version: number; at: string }>(`${base(area)}/${encodeURIComponent(id)}/acknowledgements`, { version }),
    onSuccess: refreshResources,
  });

export const useRemind = (id: string) =>
  useMutation({ mutationFn: () => api.post<{ awaiting: number }>(`/admin/resources/${encodeURIComponent(id)}/reminders`) });

/** A list for the query string: the API reads lists there comma-separated. */
const listParam = (values: readonly string[]) => values.join(",");

/** Uploads a file as a new resource, its details in the query; the library refreshes once it is stored. */
export function uploadResourceFile(area: "admin" | "tutor", file: File, contentType: string, details: ResourceDetails, onProgress: (fraction: number) => void) {
  const query = new URLSearchParams({
    fileName: file.name,
    title: details.title,
    description: details.description,
    category: details.category,
    tags: listParam(details.tags),
    audience: listParam(details.audience),
    studentIds: listParam(details.studentIds),
    requiresAcknowledgement: String(details.requiresAcknowledgement),
  });
  return afterUpload(uploadFile<ResourceDetail>(`${base(area)}/files?${query}`, file, contentType, onProgress));
}

/** Uploads a file as the next version of a file resource. */
export function uploadResourceVersion(
  area: "admin" | "tutor",
  id: string,
  file: File,
  contentType: string,
  note: string,
  onProgress: (fraction: number) => void,
) {
  const query = new URLSearchParams({ fileName: file.name, note });
  return afterUpload(uploadFile<ResourceDetail>(`${base(area)}/${encodeURIComponent(id)}/versions/files?${query}`, file, contentType, onProgress));
}

function afterUpload(upload: UploadHandle<ResourceDetail>): UploadHandle<ResourceDetail> {
  return { done: upload.done.then((detail) => (void refreshResources(), detail)), abort: upload.abort };
}
