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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
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
