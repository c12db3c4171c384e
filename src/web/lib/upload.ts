import { errorFromResponse, networkError } from "./api-client.ts";

export interface UploadHandle<T> {
  /** Resolves with the API's answer; rejects with an ApiError (the server's message) or on abort. */
  done: Promise<T>;
  abort: () => void;
}

/**
 * Sends a file as a request's raw body (its media type as Content-Type; the browser sets
 * Content-Length) with XMLHttpRequest, whose upload events report progress, which fetch
 * cannot do for a request body. `path` is the API path without /api.
 */
export function uploadFile<T>(path: string, file: File, contentType: string, onProgress: (fraction: number) => void): UploadHandle<T> {
  const request = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    request.open("POST", `/api${path}`);
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
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as T);
      else void errorFromResponse(response).then(reject);
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    request.send(file);
  });
  return { done, abort: () => request.abort() };
}
