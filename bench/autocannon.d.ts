/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Options = { url: string; headers?: Record<string, string>; duration?: number; connections?: number; method?: string; body?: string };
  type Histogram = { average: number; p50: number; p97_5: number; p99: number; max: number };
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
