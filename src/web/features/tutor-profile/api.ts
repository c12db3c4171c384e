import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Availability, TutorDetail, tutorOwnProfileUpdateSchema } from "../../../shared/schemas/tutors.ts";
import { api, apiFetch } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/** The signed-in tutor's own teaching profile and weekly availability. */
export const tutorProfileKeys = { own: ["tutor-profile", "own"] as const };

export type OwnProfileChanges = z.input<typeof tutorOwnProfileUpdateSchema>;

export const ownTutorProfileQuery = queryOptions({ queryKey: tutorProfileKeys.own, queryFn: () => api.get<TutorDetail>("/tutor/profile"), staleTime: 0 });
export const useOwnTutorProfile = () => useQuery(ownTutorProfileQuery);

const store = (profile: TutorDetail) => queryClient.setQueryData(tutorProfileKeys.own, profile);

export const useUpdateOwnTutorProfile = () =>
  useMutation({ mutationFn: (changes: OwnProfileChanges) => api.patch<TutorDetail>("/tutor/profile", changes), onSuccess: store });

export const useSaveOwnAvailability = () =>
  useMutation({
    mutationFn: (availability: Availability) => apiFetch<TutorDetail>("/tutor/availability", { method: "PUT", json: availability }),
    onSuccess: store,
  });
