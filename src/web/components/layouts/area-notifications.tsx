import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// Notifications follow an action, never the first paint: their container (about 7 KB of gzip
// with its transitions) loads with the first one. Until then a notification waits in Mantine's
// store (lib/notify.ts writes there), and the container shows it once loaded.
// (A module of its own: importing the package itself lazily would bring the container into the
// first screen with the store.)
const NotificationsContainer = lazy(() => import("./notifications-container.tsx"));

/** The areas' notifications, top right; their code loads when the first is shown. */
export function AreaNotifications() {
  const { notifications } = useNotifications();
  // Once loaded the container stays, so that a notification's exit plays and the next needs no load.
  const [needed, setNeeded] = useState(false);
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
