/** The part of autocannon's programmatic API the kiosk bench uses (the package ships no types). */
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    pipelining?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
    /** Called once per connection's client (an EventEmitter: 'connError', 'timeout', ...). */
    setupClient?: (client: { on(event: string, listener: (...args: unknown[]) => void): unknown }) => void;
  }
  interface AutocannonResult {
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    requests: { total: number; average: number };
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
  export type { AutocannonOptions, AutocannonRequest, AutocannonResult };
}
