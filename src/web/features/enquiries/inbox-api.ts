import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { EnquiryKind } from "../../../shared/schemas/enquiry-options.ts";
import type { EnquiryPage } from "../../../shared/schemas/enquiries.ts";
import { api } from "../../lib/api-client.ts";

/** One page of the platform inbox (devops), of one kind or both; the page shown stays while the next loads. */
export function useEnquiries(kind: EnquiryKind | null, page: number) {
  const query = new URLSearchParams({ page: String(page), ...(kind ? { kind } : {}) });
  return useQuery({
    queryKey: ["platform", "enquiries", kind, page],
    queryFn: () => api.get<EnquiryPage>(`/platform/enquiries?${query}`),
    placeholderData: keepPreviousData,
  });
}
