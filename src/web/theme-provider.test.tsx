import { MantineProvider, useMantineContext, useMantineTheme } from "@mantine/core";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "./theme.ts";
import { ThemeProvider } from "./theme-provider.tsx";

/** What a component reads from the provider: the context's values (functions by their presence) and the theme. */
function readProvider(provider: (children: React.ReactNode) => React.ReactElement) {
  let read: { context: Record<string, unknown>; theme: unknown } | undefined;
  function Reader() {
    const context = useMantineContext();
    read = {
      context: Object.fromEntries(Object.entries(context).map(([key, value]) => [key, typeof value === "function" ? "function" : value])),
      theme: useMantineTheme(),
    };
    return null;
  }
  render(provider(<Reader />));
  return read!;
}

describe("ThemeProvider", () => {
  it("gives the components what MantineProvider gives them, but the CSS variables' resolver (the build writes those variables)", () => {
    const ours = readProvider((children) => <ThemeProvider>{children}</ThemeProvider>);
    const mantines = readProvider((children) => (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        {children}
      </MantineProvider>
    ));
    const { cssVariablesResolver: _resolver, ...mantineContext } = mantines.context;
    expect(ours.context).toEqual(mantineContext);
    expect(ours.theme).toEqual(mantines.theme);
  });
});
