import { Notifications } from "@mantine/notifications";

/** Mantine's notifications container, top right (area-notifications.tsx loads it with the first notification). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
