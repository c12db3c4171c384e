import { createTheme, type CSSVariablesResolver } from "@mantine/core";

/**
 * Colours chosen for WCAG 2.1 AA contrast: teal 9 under white button text in both schemes (the
 * default shades 6 and 5 fail), darker hover, light-variant, dimmed and error colours in the light scheme.
 * Component defaults that keep the accessibility tree clean live here once.
 *
 * Text and outlines in a colour (a badge's outline, a red warning) name the colour without a
 * shade (`c="red"`, `color="teal" variant="outline"`): the resolver below gives each colour a
 * shade that reads at AA in each scheme. A fixed shade ("red.9") is the same in both schemes,
 * and a dark shade is unreadable on the dark scheme's page. Fills under white text keep their
 * dark shade, which reads in both.
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

/**
 * The shade of each colour that the screens write text or outlines in, on the dark scheme's page
 * (dark 7) and cards (dark 6): Mantine's outline shade (5) gives grape, indigo and violet less
 * than 4.5:1 on a card, and red and blue barely more; its text shade (4) gives violet and indigo
 * too little. One shade for both, so a badge's text and its outline match.
 */
const DARK_FOREGROUND_SHADES: Record<string, number> = { gray: 4, red: 4, orange: 4, teal: 4, cyan: 4, blue: 4, grape: 4, indigo: 3, violet: 3 };

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
    // Text and outlines take shade 9 (the primary shade), which reads on white but for orange
    // (4.3:1): orange takes its light colour. Grey takes shade 7, a step lighter than the body text.
    "--mantine-color-orange-text": "#9c3408",
    "--mantine-color-orange-outline": "#9c3408",
    "--mantine-color-gray-text": resolved.colors.gray[7],
    "--mantine-color-gray-outline": resolved.colors.gray[7],
  },
  // The dark scheme (the visitor's or member's system setting): dimmed text, white-on-teal
  // buttons, and coloured text and outlines at AA.
  dark: {
    "--mantine-color-dimmed": resolved.colors.dark[1],
    "--mantine-color-teal-filled-hover": "#066a4c",
    ...Object.fromEntries(
      Object.entries(DARK_FOREGROUND_SHADES).flatMap(([color, shade]) => [
        [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-${shade})`],
        [`--mantine-color-${color}-outline`, `var(--mantine-color-${color}-${shade})`],
      ]),
    ),
  },
});
