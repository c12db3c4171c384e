import { useMutation, useQuery } from "@tanstack/react-query";

import type { Recording, RecordingLinkCreate, RecordingList } from "../../../shared/schemas/recordings.ts";

import { api, apiFetch } from "../../lib/api-client.ts";
import { uploadFile, type UploadHandle } from "../../lib/upload.ts";

import { queryClient } from "../../lib/query-client.ts";
import type { Area } from "../../../shared/roles.ts";

/** The areas with a session page: all read and play; admins and tutors manage. */

const base = (area: Area, sessionId: string) => `/${area}/sessions/${encodeURIComponent(sessionId)}/recordings`;

export const recordingKeys = {
  list: (area: Area, sessionId: string) => ["recordings", area, sessionId] as const,
};

export const useRecordings = (area: Area, sessionId: string) =>
  useQuery({ queryKey: recordingKeys.list(area, sessionId), queryFn: () => api.get<RecordingList>(base(area, sessionId)) });

const refresh = (area: Area, sessionId: string) => queryClient.invalidateQueries({ queryKey: recordingKeys.list(area, sessionId) });

export const useAddLink = (area: "admin" | "tutor", sessionId: string) =>
  useMutation({
    mutationFn: (input: RecordingLinkCreate) => api.post<Recording>(`${base(area, sessionId)}/links`, input),
    onSuccess: () => refresh(area, sessionId),
  });

export const useDeleteRecording = (area: "admin" | "tutor", sessionId: string) =>
  useMutation({
    mutationFn: (recordingId: string) => apiFetch<{ deleted: true }>(`${base(area, sessionId)}/${encodeURIComponent(recordingId)}`, { method: "DELETE" }),
    onSuccess: () => refresh(area, sessionId),
  });

/** Uploads the file as a recording of the session, reporting progress; the list refreshes once it is stored. */
export function uploadRecordingFile(
  area: "admin" | "tutor",
  sessionId: string,
  file: File,
  contentType: string,
  title: string,
  onProgress: (fraction: number) => void,
): UploadHandle<Recording> {
  const upload = uploadFile<Recording>(`${base(area, sessionId)}/files?${new URLSearchParams({ title })}`, file, contentType, onProgress);
  return { done: upload.done.then((recording) => (void refresh(area, sessionId), recording)), abort: upload.abort };
}
