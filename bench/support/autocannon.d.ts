/**
 * The part of autocannon's programmatic API the benchmarks use (the package ships no types).
 * Shared by the benchmarks and the load test.
 */
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      /** Several URLs: the connections are shared out among them in turn. */
      url: string | string[];
      connections?: number;
      duration?: number;
      amount?: number;
      method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
      headers?: Record<string, string>;
      body?: string;
      timeout?: number;
      pipelining?: number;
      workers?: number;
      title?: string;
      requests?: Array<{
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
        setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
        onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
      }>;
      initialContext?: Record<string, unknown>;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      [percentile: string]: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      "1xx": number;
      "2xx": number;
      "3xx": number;
      "4xx": number;
      "5xx": number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: Histogram & { totalCount: number };
      /** Requests per second samples; `total` is the number of completed requests. */
      requests: Histogram & { sent: number };
      /** Bytes per second samples. */
      throughput: Histogram;
    }

    interface Instance {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result> & autocannon.Instance;
  export = autocannon;
}
