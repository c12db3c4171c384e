import { notifications } from "@mantine/notifications";

/**
 * Notifications of this feature: the close button is named for screen readers, and the
 * message uses the body text colour (Mantine's default grey fails WCAG AA contrast).
 */
const accessible = {
  closeButtonProps: { "aria-label": "Close notification" },
  styles: { description: { color: "var(--mantine-color-text)" } },
  // Eight seconds (Mantine: four) to read it; hovering keeps it open.
  autoClose: 8000,
};

export const notifySuccess = (title: string, message: string) => notifications.show({ color: "teal", title, message, ...accessible });
export const notifyInfo = (title: string, message: string) => notifications.show({ color: "gray", title, message, ...accessible });
export const notifyError = (title: string, message: string) => notifications.show({ color: "red", title, message, ...accessible });
