/**
 * The floor server: the least an HTTP punch can cost with the service's SQL, measured beside the
 * service in the same run (scripts/bench.ts). Plain node:http and the service's driver (pg, a pool
 * of DATABASE_POOL_SIZE, named prepared statements), no framework, no validation: a keyed
 * clock-on or clock-off runs floorPunch.ts (the service's two statements) and answers its JSON.
 * Also `GET /livez`, `GET /readyz` and a kiosk's staff list as the load reads it (id and status).
 * WORKERS processes through node:cluster, as the service runs. Started by the bench with
 * `node --import tsx`; env: DATABASE_URL, PORT, HOST, WORKERS, DATABASE_POOL_SIZE.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { keepIdleConnections } from '../../src/server/http/idleConnections';
import { floorPunch, runOnPool } from './floorPunch';

const WORKERS = Number(process.env.WORKERS ?? 1);
const PUNCH = /^\/api\/v2\/business\/(\d+)\/kiosk\/(\d+)\/(clockon|clockoff)$/;
const STAFF = /^\/api\/v2\/business\/(\d+)\/kiosk\/\d+\/staff$/;

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function serve(): void {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const run = runOnPool(pool);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const punch = req.method === 'POST' ? PUNCH.exec(url) : null;
    const handle = async () => {
      if (punch) {
        const bodyText = await bodyOf(req);
        const body = JSON.parse(bodyText) as { employeeId: number; recordedTimeUtc: string; utcOffset?: string };
        const token = (req.headers.authorization ?? '').slice('Bearer '.length);
        const key = String(req.headers['idempotency-key'] ?? '');
        const [, businessId, kioskId, path] = punch;
        const now = new Date();
        const result = await floorPunch(run, {
          businessId: Number(businessId),
          kioskId: Number(kioskId),
          kind: path === 'clockon' ? 'clockOn' : 'clockOff',
          token,
          key,
          bodyText,
          employeeId: body.employeeId,
          recordedTimeUtc: body.recordedTimeUtc,
          utcOffset: body.utcOffset ?? null,
          now,
        });
        answer(res, result.status, result.body);
        return;
      }
      if (url === '/livez' || url === '/readyz') return answer(res, 200, '{"status":"ok"}');
      const staff = req.method === 'GET' ? STAFF.exec(url) : null;
      if (staff) {
        const { rows } = await pool.query('select id as "employeeId", attendance_status as status from employees where business_id = $1', [Number(staff[1])]);
        return answer(res, 200, JSON.stringify(rows));
      }
      answer(res, 404, '{"status":404}');
    };
    handle().catch((error: unknown) => answer(res, 500, JSON.stringify({ status: 500, error: String(error) })));
  });
  keepIdleConnections(server);
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

if (WORKERS > 1 && cluster.isPrimary) {
  for (let i = 0; i < WORKERS; i += 1) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 2000).unref();
  });
} else {
  serve();
}
