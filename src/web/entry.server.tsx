import { PassThrough } from "node:stream";
import { MantineProvider } from "@mantine/core";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { cssVariablesResolver, theme } from "./theme.ts";

/**
 * Runs at build time only (ssr: false): it pre-renders the public pages and the SPA fallback.
 * React Router's default answers a browser as soon as the shell is ready and streams the rest,
 * which would put a lazy part of a page (the public site's forms: features/enquiries/
 * deferred-forms.tsx) in the file as a hidden copy swapped in by an inline script, behind its
 * loading fallback. A pre-rendered file is read whole anyway, so every page waits for all its
 * content: the HTML holds the form itself, readable at once and without layout shift.
 */
/**
 * A pre-rendered page is whole without JavaScript: its stylesheet and its first image should
 * arrive first. React Router preloads every module of the page (some twenty files, about
 * 140 KB of gzip), at high priority by default, ahead of the stylesheet and the image over a
 * slow connection. Here they are preloaded at low priority: fetched at once all the same, but
 * after what the first paint needs (Lighthouse mobile: first paint 2.4 s → 0.9 s on /). The
 * SPA fallback (the areas), which shows nothing without its modules, keeps the default.
 */
function withLowPriorityModules(html: string): string {
  return html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * The <style> elements MantineProvider renders for the theme (its CSS variables, with ours of
 * theme.ts, and Mantine's global classes), rendered by MantineProvider itself. The pages'
 * scripts provide the theme without them (theme-provider.tsx): they are written here into the
 * head of every page the build makes, the SPA fallback included. React leaves an element it did
 * not render in the head when it hydrates the document.
 */
const THEME_STYLES = renderToStaticMarkup(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" />);

function withThemeStyles(html: string): string {
  if (!html.includes("</head>")) throw new Error("A pre-rendered page has no </head> to write the theme's styles before");
  return html.replace("</head>", `${THEME_STYLES}</head>`);
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Never outline a large finished boundary into a later chunk: the file is read whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      async onAllReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        const html = withThemeStyles(await new Response(createReadableStreamFromReadable(body)).text());
        resolve(new Response(routerContext.isSpaMode ? html : withLowPriorityModules(html), { headers: responseHeaders, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
