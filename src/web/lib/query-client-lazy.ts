/** The query client for a dynamic import (lib/query-provider.ts): nothing imports this module statically. */
export { queryClient } from "./query-client.ts";
