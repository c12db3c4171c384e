import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";

/**
 * Runs at build time only (ssr: false): it pre-renders the public pages and the SPA fallback.
 * React Router's default answers a browser as soon as the shell is ready and streams the rest,
 * which would put a lazy part of a page (the public site's forms: features/enquiries/
 * deferred-forms.tsx) in the file as a hidden copy swapped in by an inline script, behind its
 * loading fallback. A pre-rendered file is read whole anyway, so every page waits for all its
 * content: the HTML holds the form itself, readable at once and without layout shift.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Never outline a large finished boundary into a later chunk: the file is read whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
