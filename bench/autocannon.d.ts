// autocannon ships no types; this declares the small part the benchmark uses.
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p99: number; max: number; total: number };
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Request[];
  };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
