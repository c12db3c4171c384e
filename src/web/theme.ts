import { createTheme, type CSSVariablesResolver } from "@mantine/core";

/**
 * Colours chosen for WCAG 2.1 AA contrast: teal 9 under white button text (the default
 * shade 6 fails), and darker dimmed and error text in the light scheme.
 */
export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 9, dark: 5 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "md",
  headings: { fontWeight: "700" },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": resolved.colors.gray[7],
    "--mantine-color-error": resolved.colors.red[9],
  },
  dark: {},
});
