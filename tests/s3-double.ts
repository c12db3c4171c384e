/**
 * An S3-compatible service for tests, over real HTTP: PUT, GET (with Range), HEAD and DELETE
 * object in path style (http://host/bucket/key), objects in memory. Every request must carry
 * a valid AWS Signature Version 4 for the double's key pair, recomputed here independently of
 * the client's signing library: a wrongly signed request is answered 403
 * SignatureDoesNotMatch, as S3 does. A PUT is stored only once exactly Content-Length bytes
 * arrived. No test-runner imports here.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface S3Double {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as "METHOD /path status", in order. */
  log: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(res: http.ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { "content-type": "application/xml", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** Why the request's signature is not valid, or null when it is. */
function signatureProblem(req: http.IncomingMessage, url: URL, double: Pick<S3Double, "region" | "accessKeyId" | "secretAccessKey">): string | null {
  const authorization = req.headers.authorization ?? "";
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!match) return "missing or malformed Authorization header";
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== double.accessKeyId) return "unknown access key";
  if (region !== double.region) return "wrong region";
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date) return "bad x-amz-date";
  const at = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (Math.abs(Date.now() - at) > 15 * 60_000) return "request time too skewed";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (!payloadHash) return "missing x-amz-content-sha256";
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date") || !names.includes("x-amz-content-sha256"))
    return "host, x-amz-date and x-amz-content-sha256 must be signed";
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalPath = url.pathname
    .split("/")
    .map((segment) => encode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...url.searchParams]
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const canonicalRequest = [req.method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${double.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", key).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) return "signature does not match";
  return null;
}

/** The inclusive range of a single-range Range header, null when absent, "unsatisfiable" when outside the object. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    return suffix === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? "unsatisfiable" : { start, end };
}

/** `keepBodies: false` counts a PUT's bytes without keeping them (an empty body is stored): for memory tests of large uploads. */
export async function startS3Double(options: { bucket?: string; region?: string; keepBodies?: boolean } = {}): Promise<S3Double> {
  const state = {
    bucket: options.bucket ?? "glassroom-test",
    region: options.region ?? "eu-test-1",
    accessKeyId: "AKIDGLASSROOMTEST",
    secretAccessKey: "test-secret-key-for-the-s3-double-only",
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    log: [] as string[],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://double");
    res.on("finish", () => state.log.push(`${req.method} ${url.pathname} ${res.statusCode}`));
    const problem = signatureProblem(req, url, state);
    if (problem) {
      req.resume();
      return errorXml(res, 403, "SignatureDoesNotMatch", problem);
    }
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = rest.map((segment) => decodeURIComponent(segment)).join("/");
    if (bucket !== state.bucket) {
      req.resume();
      return errorXml(res, 404, "NoSuchBucket", "The specified bucket does not exist.");
    }
    if (!key) {
      req.resume();
      return errorXml(res, 400, "InvalidRequest", "Bucket operations are not supported by this double.");
    }
    switch (req.method) {
      case "PUT": {
        const declared = Number(req.headers["content-length"]);
        if (!Number.isSafeInteger(declared)) {
          req.resume();
          return errorXml(res, 411, "MissingContentLength", "You must provide the Content-Length HTTP header.");
        }
        const chunks: Buffer[] = [];
        let received = 0;
        req.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (options.keepBodies !== false) chunks.push(chunk);
        });
        req.on("end", () => {
          const body = Buffer.concat(chunks);
          if (received !== declared)
            return errorXml(res, 400, "IncompleteBody", "You did not provide the number of bytes specified by the Content-Length HTTP header.");
          const payloadHash = String(req.headers["x-amz-content-sha256"]);
          if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body))
            return errorXml(res, 400, "XAmzContentSHA256Mismatch", "The provided x-amz-content-sha256 header does not match what was computed.");
          state.objects.set(key, { body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
          res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
          res.end();
        });
        // An aborted upload ("aborted"/"error") is simply never stored.
        req.on("error", () => undefined);
        return;
      }
      case "GET":
      case "HEAD": {
        req.resume();
        const object = state.objects.get(key);
        if (!object) {
          if (req.method === "HEAD") return void res.writeHead(404).end();
          return errorXml(res, 404, "NoSuchKey", "The specified key does not exist.");
        }
        const size = object.body.length;
        const range = req.method === "GET" ? rangeOf(req.headers.range, size) : null;
        if (range === "unsatisfiable") return errorXml(res, 416, "InvalidRange", "The requested range is not satisfiable");
        const headers = { "content-type": object.contentType, "accept-ranges": "bytes" };
        if (range) {
          res.writeHead(206, { ...headers, "content-length": range.end - range.start + 1, "content-range": `bytes ${range.start}-${range.end}/${size}` });
          return void res.end(object.body.subarray(range.start, range.end + 1));
        }
        res.writeHead(200, { ...headers, "content-length": size });
        return void res.end(req.method === "HEAD" ? undefined : object.body);
      }
      case "DELETE":
        req.resume();
        state.objects.delete(key);
        return void res.writeHead(204).end();
      default:
        req.resume();
        return errorXml(res, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
