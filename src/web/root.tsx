import "@mantine/core/styles.css";
import "./app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ConnectionErrorGate } from "./components/errors/connection-error-gate.tsx";
import { RouteErrorScreen } from "./components/errors/route-error-screen.tsx";
import { AuthLoading } from "./components/ui/auth-loading.tsx";
import { SwitchRoleGate } from "./features/session/switch-role-gate.tsx";
import { queryClient } from "./lib/query-client.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true}";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any module: zod probes whether it may compile validators with new Function()
            when it builds its first object schema, and our Content-Security-Policy forbids eval,
            so the probe would be a CSP violation. Interpreted validation is enough. The server
            allows this inline script by its hash. */}
        <script dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="auto" />
      </head>
      <body>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          {children}
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionErrorGate />
      <Outlet />
      <SwitchRoleGate />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <AuthLoading />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorScreen error={error} />;
}
