import { ColorSchemeScript, mantineHtmlProps } from "@mantine/core";
import { QueryClientContext } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ConnectionErrorGate } from "./components/errors/connection-error-gate.tsx";
import { RouteErrorScreen } from "./components/errors/route-error-screen.tsx";
import { AuthLoading } from "./components/ui/auth-loading.tsx";
import { SwitchRoleGate } from "./features/session/switch-role-gate.tsx";
import { useConnectionError } from "./lib/connection-error.ts";
import { useIsPrerenderedContentPage } from "./lib/content-page.ts";
import { loadQueryClient, useLoadedQueryClient } from "./lib/query-provider.ts";
import { theme } from "./theme.ts";
import { ThemeProvider } from "./theme-provider.tsx";
import pageStylesheet from "./styles/page.css?url";
import contentPageScript from "./content-page-script.js?url&no-inline";

const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true}";
const WITHOUT_SCRIPT_HIDDEN = ".theme-switch, [data-copy-button]";

export function Layout({ children }: { children: ReactNode }) {
  // A content page, as pre-rendered, loads no framework: no React Router scripts, module
  // preloads or scroll restoration, and no zod; only its small plain script
  // (lib/content-page.ts).
  const documentWithoutFramework = useIsPrerenderedContentPage();
  return (
    // The theme's respectReducedMotion: Mantine skips transitions for people whose system asks for less motion.
    <html lang="en" {...mantineHtmlProps} {...(theme.respectReducedMotion ? { "data-respect-reduced-motion": "true" } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any module: zod probes whether it may compile validators with new Function()
            when it builds its first object schema, and our Content-Security-Policy forbids eval,
            so the probe would be a CSP violation. Interpreted validation is enough. The server
            allows this inline script by its hash. */}
        {documentWithoutFramework ? null : <script dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />}
        {/* The page's stylesheet, with a precedence so that React puts it before the module
            preloads (React Router's <Scripts />, some twenty files on a public page): it blocks
            the first paint, and behind them it waited for their bytes over a slow connection.
            Linked here rather than imported by the client entry, which React Router's <Links />
            would place after them. The areas add the rest of Mantine's styles they use with their layout. */}
        <link rel="stylesheet" href={pageStylesheet} precedence="page" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="auto" />
        {/* With JavaScript off, the controls that need a script are not offered: the theme
            switch, and the templates' Copy buttons (their text is there to select). */}
        <noscript dangerouslySetInnerHTML={{ __html: `<style>${WITHOUT_SCRIPT_HIDDEN} { display: none; }</style>` }} />
      </head>
      <body>
        {/* The theme's CSS variables are in the head, written by the build (entry.server.tsx). */}
        <ThemeProvider>{children}</ThemeProvider>
        {documentWithoutFramework ? (
          <script src={contentPageScript} type="module" />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The query client is provided once a screen has loaded it (lib/query-provider.ts): the
 * content pages never do. This is what QueryClientProvider does (the context and the client's
 * mount), written so that the element tree is the same before and after: providing the client
 * while a page is shown (a public page loads it with the connection banner) must not remount
 * the page and lose what the user typed.
 */
function QueryScope({ children }: { children: ReactNode }) {
  const queryClient = useLoadedQueryClient();
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  return <QueryClientContext value={queryClient ?? undefined}>{children}</QueryClientContext>;
}

/** The connection banner (whose Retry refetches through the query client) loads the client when it has something to show. */
function ConnectionErrorScope() {
  const queryClient = useLoadedQueryClient();
  const connectionError = useConnectionError();
  useEffect(() => {
    if (connectionError && !queryClient) void loadQueryClient();
  }, [connectionError, queryClient]);
  return queryClient ? <ConnectionErrorGate /> : null;
}

export default function App() {
  return (
    <QueryScope>
      <ConnectionErrorScope />
      <Outlet />
      <SwitchRoleGate />
    </QueryScope>
  );
}

export function HydrateFallback() {
  return <AuthLoading />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorScreen error={error} />;
}
