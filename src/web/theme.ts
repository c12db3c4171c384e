import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 8, dark: 5 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "md",
  headings: { fontWeight: "700" },
});
