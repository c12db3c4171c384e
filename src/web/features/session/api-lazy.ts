/** The session queries for a dynamic import (the sign-in page loads them once it is shown): nothing imports this module statically. */
export { refreshMe } from "./api.ts";
