import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';

/** One sample of a metric read on scrape: its labels (none for a single series) and value. */
export interface Reading {
  labels?: Record<string, string>;
  value: number;
}

/** A metric whose samples are read when Prometheus scrapes (from the database, a pool, a ping). */
export interface ScrapedMetric {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /**
   * `gauge` (default), or `counter` for a whole count that only grows, read from the database
   * (claims moved, sign-ups), which `rate()` and `increase()` may be used on.
   */
  type?: 'gauge' | 'counter';
  /** The samples now; a failure leaves the metric without samples for this scrape (logged as a warning). */
  read(): Promise<Reading[]>;
}

/**
 * Registers a metric read on every scrape. A read that fails (the database is down) is logged
 * with the metric's name and leaves that metric empty, so the rest of the scrape still answers.
 */
export function registerScrapedMetric(registry: Registry, log: FastifyBaseLogger, metric: ScrapedMetric): void {
  const settings = {
    name: metric.name,
    help: metric.help,
    labelNames: [...(metric.labelNames ?? [])],
    registers: [registry],
  };
  /** Empties `target`, then gives it this scrape's samples through `put`. */
  const readInto = async (target: { reset(): void }, put: (labels: Record<string, string>, value: number) => void) => {
    target.reset();
    try {
      for (const reading of await metric.read()) put(reading.labels ?? {}, reading.value);
    } catch (error) {
      log.warn({ metric: metric.name, error: (error as Error).message }, 'metrics: a metric could not be read');
    }
  };
  if (metric.type === 'counter') {
    new Counter({
      ...settings,
      async collect() {
        await readInto(this, (labels, value) => this.inc(labels, value));
      },
    });
  } else {
    new Gauge({
      ...settings,
      async collect() {
        await readInto(this, (labels, value) => this.set(labels, value));
      },
    });
  }
}
