import { api } from "../../lib/api-client.ts";

/** Sends a marketing form's values; the API answers 201 (received) or an ApiError naming the fields. */
export const sendContact = (values: unknown) => api.post<{ received: true }>("/public/contact", values);
export const sendAffiliateApplication = (values: unknown) => api.post<{ received: true }>("/public/affiliate-applications", values);
