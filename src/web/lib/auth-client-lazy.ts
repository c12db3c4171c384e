/** Better Auth's client for a dynamic import (features/auth/auth-call.ts): nothing imports this module statically. */
export { authClient } from "./auth-client.ts";
