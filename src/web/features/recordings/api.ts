import { useMutation, useQuery } from "@tanstack/react-query";

import type { Recording, RecordingLinkCreate, RecordingList } from "../../../shared/schemas/recordings.ts";

import { api, apiFetch, errorFromResponse, networkError } from "../../lib/api-client.ts";

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

export interface UploadHandle {
  /** Resolves with the stored recording; rejects with an ApiError (the server's message) or on abort. */
  done: Promise<Recording>;
  abort: () => void;
}

/**
 * Sends the file as the request body (its media type as Content-Type; the browser sets
 * Content-Length) with XMLHttpRequest, whose upload events report progress, which fetch
 * cannot do for a request body.
 */
export function uploadRecordingFile(
  area: "admin" | "tutor",
  sessionId: string,
  file: File,
  contentType: string,
  title: string,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<Recording>((resolve, reject) => {
    request.open("POST", `/api${base(area, sessionId)}/files?${new URLSearchParams({ title })}`);
    request.setRequestHeader("Content-Type", contentType);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const response = new Response(request.responseText, {
        status: request.status,
        headers: { "content-type": request.getResponseHeader("content-type") ?? "application/json" },
      });
      if (request.status >= 200 && request.status < 300) {
        void refresh(area, sessionId);
        resolve(JSON.parse(request.responseText) as Recording);
      } else {
        void errorFromResponse(response).then(reject);
      }
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    request.send(file);
  });
  return { done, abort: () => request.abort() };
}
