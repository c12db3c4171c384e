/** The development outbox: its routes, and the store the mailer keeps mails in during local development. */
export { databaseOutbox, devOutboxRoutes } from "./routes.ts";
