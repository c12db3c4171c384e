/** Small number helpers for the benchmarks. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** 123456 -> "123,456" */
export function formatInt(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–";
}

/** Bytes as KB with one decimal (1 KB = 1,024 bytes). */
export function kb(bytes: number): string {
  return Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : "–";
}

export function ms(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "–";
}

export async function timed<T>(action: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await action();
  return { result, ms: performance.now() - started };
}
