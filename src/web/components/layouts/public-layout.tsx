import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { SkipLink } from "../ui/skip-link.tsx";
import { PublicFooter } from "./public-footer.tsx";
import { PublicHeader } from "./public-header.tsx";

/** The public layout: header with the section menus, the page, and a footer with every public link. */
export default function PublicLayout() {
  return (
    <>
      <SkipLink />
      <PublicHeader />
      <Box component="main" id="main" tabIndex={-1} py="xl" mih="70vh">
        <Outlet />
      </Box>
      <PublicFooter />
    </>
  );
}
