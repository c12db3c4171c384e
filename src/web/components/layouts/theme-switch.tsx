import { useMantineContext } from "@mantine/core";

/**
 * Light/dark switch. Both labels are in the HTML and CSS shows the one for the scheme in force
 * (Mantine's ColorSchemeScript sets it on <html> before the first paint): the pre-rendered page
 * cannot know the visitor's scheme, and choosing the label in React would flash or shift.
 */
export function ThemeSwitch() {
  // The provider's own setter (what useMantineColorScheme wraps, without its media-query hook:
  // about 0.4 KB of gzip on every public page). It stores the choice for the next load.
  const { setColorScheme } = useMantineContext();
  const toggle = () => setColorScheme(document.documentElement.dataset.mantineColorScheme === "dark" ? "light" : "dark");
  return (
    <button type="button" className="theme-switch" onClick={toggle}>
      <span className="theme-switch-to-dark">
        <span aria-hidden="true">☾</span>
        <span className="visually-hidden">Switch to dark theme</span>
      </span>
      <span className="theme-switch-to-light">
        <span aria-hidden="true">☀</span>
        <span className="visually-hidden">Switch to light theme</span>
      </span>
    </button>
  );
}
