import { localStorageColorSchemeManager, MantineContext, MantineThemeProvider, useProviderColorScheme } from "@mantine/core";
import type { ReactNode } from "react";
import { theme } from "./theme.ts";

const colorSchemeManager = localStorageColorSchemeManager();
const getRootElement = () => document.documentElement;

/**
 * What MantineProvider gives the components (the theme, the colour scheme and its switch),
 * without the <style> elements it renders: the theme's CSS variables and Mantine's global
 * classes. Those depend on the theme alone, so the build writes them once into the head of every
 * page it makes (entry.server.tsx, with MantineProvider itself), and no page loads the code that
 * computes them (Mantine's variables resolver and colour functions, about 2 KB of gzip). The
 * context holds MantineProvider's defaults (Mantine 9) and the colour scheme "auto"; the theme's
 * respectReducedMotion is an attribute of the document (root.tsx).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme: "auto",
    manager: colorSchemeManager,
    getRootElement,
    forceColorScheme: undefined,
  });
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: "mantine",
        cssVariablesSelector: ":root",
        withStaticClasses: true,
        deduplicateInlineStyles: false,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
