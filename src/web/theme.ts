import { createTheme, type CSSVariablesResolver } from "@mantine/core";

/**
 * Colours chosen for WCAG 2.1 AA contrast: teal 9 under white button text in both schemes (the
 * default shades 6 and 5 fail), darker hover, light-variant, dimmed and error colours in the light scheme.
 * Component defaults that keep the accessibility tree clean live here once.
 */
export const theme = createTheme({
  primaryColor: "teal",
  // Transitions are skipped for people whose system asks for reduced motion.
  respectReducedMotion: true,
  primaryShade: { light: 9, dark: 9 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "md",
  headings: { fontWeight: "700" },
  components: {
    // Plain objects, not Component.extend(): importing the components here would put them
    // in every page's bundle.
    // A hidden, still-mounted option list would share the field's label. A form moves the focus
    // to its first field in error: a list that opened on focus would cover the messages below
    // it (typing, a click or the arrow keys still open it).
    Select: { defaultProps: { comboboxProps: { keepMounted: false }, openOnFocus: false } },
    // The focus placeholder is a child of role="menu" that ARIA does not allow there.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": resolved.colors.gray[7],
    "--mantine-color-error": resolved.colors.red[9],
    "--mantine-color-teal-light-color": "#066a4c",
    "--mantine-color-teal-filled-hover": "#066a4c",
    "--mantine-color-red-filled-hover": resolved.colors.red[9],
    // Alert titles and light badges use the "light color": these read at AA on their tints.
    "--mantine-color-red-light-color": "#a51d1d",
    "--mantine-color-orange-light-color": "#9c3408",
    "--mantine-color-yellow-light-color": "#8a5a00",
    "--mantine-color-blue-light-color": resolved.colors.blue[9],
    "--mantine-color-gray-light-color": resolved.colors.gray[8],
  },
  // The dark scheme (the public pages' theme switch): dimmed text and white-on-teal buttons at AA.
  dark: {
    "--mantine-color-dimmed": resolved.colors.dark[1],
    "--mantine-color-teal-filled-hover": "#066a4c",
  },
});
