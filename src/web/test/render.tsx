import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { ThemeProvider } from "../theme-provider.tsx";
import { setScreenWidth } from "./screen.ts";

/**
 * Renders a component as the app does (the app's Mantine theme, inside a router) at the
 * address and screen width given: the router tells where the component navigated to.
 */
export function renderWithRouter(ui: ReactElement, { at = "/", width = 1280 }: { at?: string; width?: number } = {}) {
  setScreenWidth(width);
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [at] });
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return { ...view, router, user };
}
