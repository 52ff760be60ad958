import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one service, on a registry of its own (the tests run
 * every service in one process; each still reports only its own series).
 * prom-client, because its announced successor `@prometheus-io/client` is not
 * published to the registry this project installs from; prom-client is the
 * maintained, widely used Node client with the process collectors built in.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requestSeconds: Histogram<'route' | 'method' | 'status'>;
  /** Histogram children by label key: a request pays one Map lookup, not prom-client's label hashing. */
  private readonly children = new Map<string, { observe(value: number): void }>();

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by matched route pattern (never the raw URL), method and status class',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [this.registry],
    });
  }

  /** Records one request's duration from `started` (process.hrtime.bigint()). */
  observe(route: string, method: string, statusCode: number, started: bigint): void {
    const status = statusClass(statusCode);
    const key = `${route}\u0000${method}\u0000${status}`;
    let child = this.children.get(key);
    if (!child) {
      child = this.requestSeconds.labels({ route, method, status });
      this.children.set(key, child);
    }
    child.observe(Number(process.hrtime.bigint() - started) / 1e9);
  }

  /** Times a request until its response is finished; `route` is asked then (Express knows its match only after routing). */
  timeRequest(req: IncomingMessage, res: ServerResponse, route: () => string): void {
    const started = process.hrtime.bigint();
    res.once('finish', () => this.observe(route(), methodLabel(req.method), res.statusCode, started));
  }

  /** A gauge read when Prometheus scrapes: `collect` sets its values. */
  gauge<L extends string>(name: string, help: string, labelNames: L[], collect: (gauge: Gauge<L>) => Promise<void> | void): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        // A dependency down (Postgres, Redis) must not fail the whole scrape: the series keeps its last value, readiness says why.
        await Promise.resolve(collect(this)).catch(() => undefined);
      },
    });
  }

  histogram<L extends string>(name: string, help: string, labelNames: L[], buckets: number[]): Histogram<L> {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /**
   * Lookups of a cache by result (HIT, MISS, STALE, UPDATING), read from the
   * cache's own plain counters at scrape time: a request only bumps a number.
   */
  cacheLookups(cache: string, counts: () => Record<string, number>): void {
    new Counter<'cache' | 'result'>({
      name: 'cache_lookups_total',
      help: 'Cache lookups by cache and result',
      labelNames: ['cache', 'result'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [result, total] of Object.entries(counts())) this.inc({ cache, result }, total);
      },
    });
  }

  /** Knex's pool (tarn): connections in use, idle, and acquires waiting for one. */
  databasePool(db: Knex): void {
    const pool = () => (db.client as { pool?: TarnPool }).pool;
    this.gauge('db_pool_connections', 'Postgres pool connections by state (used, free, pending acquires)', ['state'], (g) => {
      const p = pool();
      g.set({ state: 'used' }, p?.numUsed() ?? 0);
      g.set({ state: 'free' }, p?.numFree() ?? 0);
      g.set({ state: 'pending' }, p?.numPendingAcquires() ?? 0);
    });
  }

  /** The text Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Answers GET /metrics on a service's internal port. */
  handler() {
    return async (_req: IncomingMessage, res: ServerResponse) => {
      const { contentType, body } = await this.exposition();
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(body);
    };
  }
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClass = (code: number) => STATUS_CLASSES[Math.floor(code / 100) - 1] ?? 'other';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A method outside the usual ones is one label value, so a client cannot grow the series. */
const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : 'OTHER');
