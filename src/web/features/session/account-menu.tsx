import { Menu } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { isMemberRole } from "../../../shared/roles.ts";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { AccountButton } from "./account-button.tsx";

/** The account menu: the viewer's e-mail, their settings and sign-out (user-menu.tsx loads it on the first click of its button). */
export default function AccountMenu({ me, defaultOpened }: { me: MeResponse; defaultOpened?: boolean }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton name={me.user.name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.user.email}</Menu.Label>
        {isMemberRole(me.role) ? (
          <Menu.Item component={Link} to={`/${me.role}/settings`}>
            Settings
          </Menu.Item>
        ) : null}
        <Menu.Item
          onClick={async () => {
            // Better Auth's client (about 12 KB of gzip) is needed only to sign out.
            const { signOut } = await import("./sign-out.ts");
            await signOut();
            void navigate("/login");
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
