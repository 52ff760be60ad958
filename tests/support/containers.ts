import pg from 'pg';
import { Redis } from 'ioredis';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Uses the local Postgres and Redis when they answer. Only when one does not,
 * and a Docker engine is available, starts it with testcontainers.
 */
export async function startContainersIfNeeded(databaseUrl: string, redisUrl: string) {
  const [pgOk, redisOk] = await Promise.all([postgresAnswers(databaseUrl), redisAnswers(redisUrl)]);
  if (pgOk && redisOk) return { databaseUrl, redisUrl, stop: async () => {} };

  let testcontainers: typeof import('testcontainers');
  try {
    testcontainers = await import('testcontainers');
  } catch (err) {
    throw new Error(`Postgres or Redis is not reachable and testcontainers could not load: ${(err as Error).message}`, { cause: err });
  }
  const started: { stop(): Promise<unknown> }[] = [];
  try {
    if (!pgOk) {
      const c = await new testcontainers.GenericContainer('postgres:15')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(testcontainers.Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      started.push(c);
      databaseUrl = `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
    }
    if (!redisOk) {
      const c = await new testcontainers.GenericContainer('redis:7').withExposedPorts(6379).start();
      started.push(c);
      redisUrl = `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
    }
  } catch (err) {
    await Promise.all(started.map((c) => c.stop()));
    throw new Error(
      `Postgres (${pgOk ? 'ok' : 'not reachable'}) / Redis (${redisOk ? 'ok' : 'not reachable'}) and no container runtime: ` +
        `start them locally (see README) or run a Docker engine. ${(err as Error).message}`,
      { cause: err },
    );
  }
  return { databaseUrl, redisUrl, stop: async () => void (await Promise.all(started.map((c) => c.stop()))) };
}
