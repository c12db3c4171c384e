/**
 * The ceiling of the API throughput benchmark: the smallest possible node:http server, run
 * as its own process on the same Node 24. Prints "listening <port>" when ready.
 */
import { createServer } from "node:http";

const body = JSON.stringify({ hello: "world" });
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : "?"}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
