import { useMutation } from "@tanstack/react-query";
// The mutation below needs the root's query provider, which this module brings (lib/query-provider.ts).
import "../../lib/query-client.ts";
import { askToJoin } from "./requests.ts";

/** Asking to join a workspace from Settings (the account pages send ./requests.ts directly). */
export const useAskToJoin = () => useMutation({ mutationFn: askToJoin });
