/** Calendar subscriptions (iCalendar feeds): what the app mounts. */
export { calendarFeedRoutes } from "./routes.ts";
