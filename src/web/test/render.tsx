import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { theme } from "../theme.ts";
import { setScreenWidth } from "./screen.ts";

/**
 * Renders a component as the app does (Mantine with the app's theme, inside a router) at the
 * address and screen width given: the router tells where the component navigated to.
 */
export function renderWithRouter(ui: ReactElement, { at = "/", width = 1280 }: { at?: string; width?: number } = {}) {
  setScreenWidth(width);
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [at] });
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...view, router, user };
}
