/**
 * The Range header of a file request (RFC 9110 §14): one range of bytes, the start open or
 * the end open ("bytes=500-", "bytes=-500"). A header that is not one valid byte range
 * (several ranges, another unit, nonsense) is ignored and the whole file served, as the RFC
 * allows; a range that starts past the end cannot be satisfied (416).
 */
import type { ByteRange } from "../../storage/storage.ts";

export type RangeRequest = { kind: "whole" } | ({ kind: "range" } & ByteRange) | { kind: "unsatisfiable" };

export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header === undefined ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Number(match[2]);
  if (start >= size) return { kind: "unsatisfiable" };
  if (end < start) return { kind: "whole" };
  return { kind: "range", start, end: Math.min(end, size - 1) };
}
