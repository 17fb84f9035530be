/**
 * A fault-injecting HTTP proxy for the offline browser tests: it listens on 127.0.0.1 (a port the
 * OS picks) in front of one isolated service, and the browser loads everything from it, so the
 * app shell, its service worker and the API stay same-origin. The test switches its mode at any
 * time:
 * - `pass`: everything is forwarded unchanged (status, headers including Date, streamed bodies);
 * - `error500`: API requests (or those a predicate picks) get a 500 problem+json, never forwarded;
 * - `dropAfterCommit`: matching requests (optionally only the first N) are forwarded, the whole
 *   answer is read, then the browser's connection is destroyed unanswered: the service committed,
 *   the kiosk never hears back;
 * - `down`: connections are destroyed as they arrive, and open ones at once (a stopped service);
 * - `hang`: API requests (or those a predicate picks) are accepted and never answered, never
 *   forwarded (shop Wi-Fi that hangs: a captive portal, a saturated access point); leaving the
 *   mode cuts the hung connections.
 * `hold()` pauses matching requests before they are forwarded (phase 'request') or their answers
 * once the service has given them (phase 'response'), until the test releases or drops them.
 *
 * When the service itself cannot be reached (stopped, restarting), the browser's connection is
 * destroyed: to the kiosk that is what a stopped service looks like, a network failure, not a 502.
 * Hop-by-hop headers are the proxy's own: every answer carries `Connection: close`, so a destroyed
 * connection is always reported to the page; Chromium silently resends a request that failed on a
 * reused keep-alive connection, which would hide the fault from the app. Counters and a log of
 * every exchange (with its Idempotency-Key and whether the service replayed a stored answer) let
 * a test check what happened. Loopback only (the upstream must be loopback too); close() ends it.
 */
import { createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query as the browser sent them. */
  path: string;
  headers: IncomingHttpHeaders;
}

export type RequestMatcher = (request: ProxiedRequest) => boolean;

export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'error500'; match?: RequestMatcher }
  | { kind: 'dropAfterCommit'; match?: RequestMatcher; first?: number }
  | { kind: 'down' }
  | { kind: 'hang'; match?: RequestMatcher };

export type Fault = 'error500' | 'dropAfterCommit' | 'down' | 'hang' | 'upstreamFailed' | 'dropped';

export interface ExchangeRecord {
  seq: number;
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** What the proxy did instead of passing the answer on, if anything. */
  fault: Fault | null;
  /** The service's status (null when it was not asked or did not answer). */
  status: number | null;
  /** The service answered from its idempotency store (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

export interface FaultCounters {
  /** Requests received from the browser. */
  requests: number;
  /** Requests sent on to the service. */
  forwarded: number;
  error500: number;
  dropAfterCommit: number;
  /** Requests and connections refused in `down` mode. */
  down: number;
  /** Requests accepted and never answered in `hang` mode. */
  hang: number;
  /** Forwarded requests the service could not take (connection refused or reset). */
  upstreamFailed: number;
  /** Held requests whose connection the test dropped. */
  dropped: number;
}

export interface HoldOptions {
  /** Which requests to hold (default: every API request). */
  match?: RequestMatcher;
  /** Before forwarding (the service has not seen it) or after the service answered (default 'request'). */
  phase?: 'request' | 'response';
  /** Let this many matching requests through first (e.g. 1: hold only the retry). */
  skip?: number;
}

export interface Hold {
  /** Requests held right now. */
  readonly held: number;
  /** Lets every held request go on, and stops holding new ones. */
  release(): void;
  /** Destroys the browser's connection of every held request (their answers are lost), and stops holding. */
  drop(): void;
}

export interface FaultProxy {
  /** e.g. http://127.0.0.1:40123: what the browser loads. */
  readonly url: string;
  readonly counters: Readonly<FaultCounters>;
  readonly log: readonly ExchangeRecord[];
  setMode(mode: FaultMode): void;
  hold(options?: HoldOptions): Hold;
  close(): Promise<void>;
}

/** Requests for the service's API (not the app shell, the worker, OAuth or /healthz). */
export const isApiRequest: RequestMatcher = (request) => /^\/api\//i.test(request.path);

export const PUNCH_PATHS = ['clockon', 'startbreak', 'endbreak', 'clockoff', 'discard'] as const;
export type PunchPath = (typeof PUNCH_PATHS)[number];

/** A punch POST (`/api/v2/business/{b}/kiosk/{k}/clockon` ...), optionally of certain kinds only. */
export function isPunchRequest(...kinds: PunchPath[]): RequestMatcher {
  const wanted = kinds.length > 0 ? kinds : PUNCH_PATHS;
  return (request) => {
    if (request.method !== 'POST') return false;
    const match = /^\/api\/v2\/business\/\d+\/kiosk\/\d+\/([a-z]+)(?:\?|$)/i.exec(request.path);
    return match !== null && (wanted as readonly string[]).includes(match[1]?.toLowerCase() ?? '');
  };
}

/** Hop-by-hop headers: about one connection, never forwarded (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/** The raw header list (original case, repeats kept) without hop-by-hop ones, plus `Connection: close`. */
function answerHeaders(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (!HOP_BY_HOP.has(name.toLowerCase())) out.push(name, raw[i + 1] ?? '');
  }
  out.push('Connection', 'close');
  return out;
}

function assertLoopback(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) {
    throw new Error(`The fault proxy only talks to loopback services (got ${url})`);
  }
  return parsed;
}

interface Waiter {
  go: () => void;
  drop: () => void;
}

interface ActiveHold {
  match: RequestMatcher;
  skip: number;
  phase: 'request' | 'response';
  active: boolean;
  waiting: Set<Waiter>;
}

export async function startFaultProxy(options: { upstream: string }): Promise<FaultProxy> {
  const upstream = assertLoopback(options.upstream);
  let mode: FaultMode = { kind: 'pass' };
  let dropsLeft = 0;
  /** Read through a call, so a check after an await is not narrowed by one before it. */
  const currentMode = (): FaultMode => mode;
  const holds: ActiveHold[] = [];
  const sockets = new Set<Socket>();
  const counters: FaultCounters = { requests: 0, forwarded: 0, error500: 0, dropAfterCommit: 0, down: 0, hang: 0, upstreamFailed: 0, dropped: 0 };
  const hung = new Set<Socket>();
  const log: ExchangeRecord[] = [];

  /** The hold that catches this request in this phase, if any (after letting its `skip` ones through). */
  const holdFor = (phase: 'request' | 'response', request: ProxiedRequest): ActiveHold | null => {
    const hold = holds.find((h) => h.active && h.phase === phase && h.match(request));
    if (!hold) return null;
    if (hold.skip > 0) {
      hold.skip -= 1;
      return null;
    }
    return hold;
  };

  /** Waits on a hold: 'go' on release, 'drop' when dropped, 'gone' if the browser left first. */
  const waitOn = (hold: ActiveHold | null, socket: Socket): Promise<'go' | 'drop' | 'gone'> => {
    if (!hold?.active) return Promise.resolve('go');
    return new Promise((resolve) => {
      const settle = (outcome: 'go' | 'drop' | 'gone') => {
        hold.waiting.delete(waiter);
        socket.removeListener('close', onClose);
        resolve(outcome);
      };
      const waiter: Waiter = { go: () => settle('go'), drop: () => settle('drop') };
      const onClose = () => settle('gone');
      hold.waiting.add(waiter);
      socket.once('close', onClose);
    });
  };

  const cut = (req: IncomingMessage, record: ExchangeRecord, fault: Fault) => {
    record.fault = fault;
    req.socket.destroy();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const request: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers };
    counters.requests += 1;
    const key = req.headers['idempotency-key'];
    const record: ExchangeRecord = {
      seq: counters.requests,
      method: request.method,
      path: request.path,
      idempotencyKey: typeof key === 'string' ? key : null,
      fault: null,
      status: null,
      replayed: false,
    };
    log.push(record);

    if (mode.kind === 'down') {
      counters.down += 1;
      return cut(req, record, 'down');
    }
    if (mode.kind === 'error500' && (mode.match ?? isApiRequest)(request)) {
      counters.error500 += 1;
      record.fault = 'error500';
      req.resume();
      const body = JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Injected by the fault proxy.' });
      res.writeHead(500, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body), connection: 'close' });
      res.end(body);
      return;
    }
    if (mode.kind === 'hang' && (mode.match ?? isApiRequest)(request)) {
      counters.hang += 1;
      record.fault = 'hang';
      req.resume();
      hung.add(req.socket);
      req.socket.once('close', () => hung.delete(req.socket));
      return;
    }
    let dropAnswer = false;
    if (mode.kind === 'dropAfterCommit' && dropsLeft > 0 && (mode.match ?? isApiRequest)(request)) {
      dropsLeft -= 1;
      dropAnswer = true;
    }

    const before = await waitOn(holdFor('request', request), req.socket);
    if (before === 'gone') return;
    if (before === 'drop') {
      counters.dropped += 1;
      return cut(req, record, 'dropped');
    }
    // The mode may have changed while the request was held.
    if (currentMode().kind === 'down') {
      counters.down += 1;
      return cut(req, record, 'down');
    }

    counters.forwarded += 1;
    const outgoing = forward({
      host: upstream.hostname.replace(/^\[|\]$/g, ''),
      port: upstream.port,
      method: request.method,
      path: request.path,
      headers: endToEnd(req.headers),
      // A fresh connection per request: nothing stale survives a restart of the service.
      agent: false,
    });
    outgoing.on('error', () => {
      if (record.status !== null) return;
      counters.upstreamFailed += 1;
      cut(req, record, 'upstreamFailed');
    });
    outgoing.on('response', (answer) => {
      record.status = answer.statusCode ?? null;
      record.replayed = answer.headers['idempotent-replayed'] === 'true';
      const answerHold = dropAnswer ? null : holdFor('response', request);
      if (!dropAnswer && !answerHold) {
        res.sendDate = false;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
        answer.pipe(res);
        answer.on('error', () => req.socket.destroy());
        return;
      }
      // Read the whole answer first: the service has finished with the request.
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => req.socket.destroy());
      answer.on('end', () => {
        void (async () => {
          if (dropAnswer) {
            counters.dropAfterCommit += 1;
            return cut(req, record, 'dropAfterCommit');
          }
          const after = await waitOn(answerHold, req.socket);
          if (after === 'gone') return;
          if (after === 'drop') {
            counters.dropped += 1;
            return cut(req, record, 'dropped');
          }
          res.sendDate = false;
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
          res.end(Buffer.concat(chunks));
        })();
      });
    });
    req.pipe(outgoing);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    if (mode.kind === 'down') {
      counters.down += 1;
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const endHold = (hold: ActiveHold, how: 'go' | 'drop') => {
    hold.active = false;
    holds.splice(holds.indexOf(hold), 1);
    for (const waiter of [...hold.waiting]) waiter[how]();
  };

  return {
    url: `http://127.0.0.1:${port}`,
    counters,
    log,
    setMode(next) {
      mode = next;
      dropsLeft = next.kind === 'dropAfterCommit' ? (next.first ?? Number.POSITIVE_INFINITY) : 0;
      if (next.kind === 'down') {
        for (const socket of sockets) socket.destroy();
      }
      if (next.kind !== 'hang') {
        for (const socket of hung) socket.destroy();
      }
    },
    hold(holdOptions = {}) {
      const hold: ActiveHold = {
        match: holdOptions.match ?? isApiRequest,
        skip: holdOptions.skip ?? 0,
        phase: holdOptions.phase ?? 'request',
        active: true,
        waiting: new Set(),
      };
      holds.push(hold);
      return {
        get held() {
          return hold.waiting.size;
        },
        release: () => {
          if (hold.active) endHold(hold, 'go');
        },
        drop: () => {
          if (hold.active) endHold(hold, 'drop');
        },
      };
    },
    async close() {
      for (const hold of [...holds]) endHold(hold, 'drop');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
