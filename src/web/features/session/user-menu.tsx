import { lazy, Suspense, useState } from "react";
import { AccountButton } from "./account-button.tsx";
import { useMe } from "./api.ts";

// The menu (Mantine's Menu on Popover and Floating UI, about 25 KB of gzip) loads when it is
// first asked for: the header paints with its button alone, and most visits never open it.
const AccountMenu = lazy(() => import("./account-menu.tsx"));

/** The viewer's account menu (settings, sign out) in the area's header. */
export function UserMenu() {
  const { data: me } = useMe();
  const [asked, setAsked] = useState(false);
  if (!me) return null;
  const button = <AccountButton name={me.user.name} aria-haspopup="menu" aria-expanded={false} onClick={() => setAsked(true)} />;
  if (!asked) return button;
  return (
    // The first click loads the menu and opens it; the button stays in place meanwhile.
    <Suspense fallback={button}>
      <AccountMenu me={me} defaultOpened />
    </Suspense>
  );
}
