import { notifications } from "@mantine/notifications";

/**
 * The app's notifications: the close button is named for screen readers, the message uses the
 * body text colour (Mantine's default grey fails WCAG AA contrast), and each stays eight
 * seconds (Mantine: four) so that it can be read; hovering keeps it open.
 */
const accessible = {
  closeButtonProps: { "aria-label": "Close notification" },
  styles: { description: { color: "var(--mantine-color-text)" } },
  autoClose: 8000,
};

export const notifySuccess = (title: string, message: string) => notifications.show({ color: "teal", title, message, ...accessible });
export const notifyInfo = (title: string, message: string) => notifications.show({ color: "gray", title, message, ...accessible });
export const notifyError = (title: string, message: string) => notifications.show({ color: "red", title, message, ...accessible });
