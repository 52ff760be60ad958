import { register } from 'node:module';
import type { Telemetry } from 'bullmq';

/**
 * OpenTelemetry traces, on when the standard variables ask for them
 * (OTEL_TRACES_EXPORTER other than `none`, or an OTLP endpoint) and
 * OTEL_SDK_DISABLED is not `true`. Off, nothing of the SDK is loaded: the
 * packages are imported only here, lazily. The SDK reads every other OTEL_*
 * variable itself (OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_TRACES_SAMPLER, …).
 *
 * Instrumented: node:http (server and client), Express, pg and ioredis (the
 * gateway's proxy forwards on undici and hands the W3C traceparent on itself); BullMQ through its own telemetry hook (bullmq-otel), which puts the
 * context in each job's options and continues it in the worker, so a request,
 * the events it publishes and the jobs they start are one trace. An event the
 * outbox relay publishes later keeps it too: its row carries the writer's
 * context (currentTraceContext), published within (withTraceContext).
 *
 * This module imports no instrumented package itself: main.ts calls
 * `startTracing` before it imports the service, so the ESM loader hook sees
 * express, pg and ioredis load. The compiled build keeps that order: it splits
 * each main.js from the service it imports dynamically (scripts/buildServices.ts).
 */
export function tracingRequested(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER;
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

const INSTRUMENTED_MODULES = ['express', 'router', 'pg', 'pg-pool', 'ioredis', 'http', 'https', 'node:http', 'node:https'];

/**
 * import-in-the-middle's ESM loader hook, named as a package our services declare: the image
 * installs production dependencies only, and the root copy of @opentelemetry/instrumentation
 * (whose hook.mjs only re-exports this one) is a development package there, absent.
 */
export const TRACING_LOADER_HOOK = 'import-in-the-middle/hook.mjs';

let bullmqTelemetry: Telemetry | undefined;

/** BullMQ's telemetry hook for queues and workers, or undefined when tracing is off. */
export const queueTelemetry = (): Telemetry | undefined => bullmqTelemetry;

/** A trace context in the W3C propagation format: `traceparent` and, when set, `tracestate`. */
export type TraceContext = Record<string, string>;

let propagate: { current(): TraceContext | undefined; within<T>(carried: TraceContext, work: () => T): T } | undefined;

/**
 * The trace context of the work under way, for work that continues it where
 * the process's async context does not reach (an outbox row the relay
 * publishes later); undefined when tracing is off or nothing is traced.
 */
export const currentTraceContext = (): TraceContext | undefined => propagate?.current();

/** Runs `work` in the trace `carried` (from currentTraceContext) continues, or as is when tracing is off or there is none. */
export const withTraceContext = <T>(carried: TraceContext | null | undefined, work: () => T): T =>
  propagate && carried ? propagate.within(carried, work) : work();

/** Starts tracing for `service` when requested; returns a flush-and-stop for shutdown. */
export async function startTracing(service: string): Promise<() => Promise<void>> {
  if (!tracingRequested()) return async () => undefined;
  // ESM imports are instrumented through import-in-the-middle's loader hook, registered before any of them load,
  // and wrapping only the instrumented packages (wrapping every module costs start time and breaks some star exports).
  register(TRACING_LOADER_HOOK, import.meta.url, { data: { include: INSTRUMENTED_MODULES } });
  const [
    { NodeSDK, api },
    { HttpInstrumentation },
    { ExpressInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { BullMQOtel },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('bullmq-otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? `neuralbeat-${service}`,
    instrumentations: [
      // Probes and scrapes would be most of the spans and say nothing.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? '') }),
      new ExpressInstrumentation(),
      // Statements outside any trace are the outbox relays' and the sweeps' polls: a trace each would bury the requests'.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  bullmqTelemetry = new BullMQOtel({ tracerName: 'bullmq' });
  const { context, propagation, ROOT_CONTEXT } = api;
  propagate = {
    current() {
      const carrier: TraceContext = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ? carrier : undefined;
    },
    within: (carried, work) => context.with(propagation.extract(ROOT_CONTEXT, carried), work),
  };
  return () => sdk.shutdown();
}
