import type { FastifyInstance, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

/**
 * Where a route plugin is served: `/api/app` the member app, `/api/v1` the back office, `/api/v2`
 * the partner API, `/api` the calls outside the three surfaces (health, opt-out links, sandbox).
 */
export type RoutePrefix = '/api' | '/api/app' | '/api/v1' | '/api/v2';

/** What the server hands every module's routes when it registers them (built by app.ts). */
export interface ModuleContext {
  /** The process's Redis ping (from `installRateLimits`); undefined without Redis. */
  pingRedis: (() => Promise<void>) | undefined;
}

/** One route plugin of a module, under its prefix (made by `routesAt`). */
export interface ModuleRoutes {
  prefix: RoutePrefix;
  /** Registers the plugin under `prefix`, unless `when` says this configuration has none of it. */
  register(app: FastifyInstance, context: ModuleContext): Promise<void>;
}

/**
 * A module's registration (issue 35 item 4), in its `modules/<m>/module.ts`: what the server
 * installs for it (jobs, decorations, hooks) and its route plugins with their prefixes. Each route
 * declares its own operationId, access and schema beside its handler.
 */
export interface ModuleDefinition {
  /** The module's folder under `modules/` (e.g. `benefit-claims`). */
  name: string;
  /** Jobs, decorations and hooks; run for every module before any module's routes. */
  install?: (app: FastifyInstance) => void | Promise<void>;
  /** Its route plugins, registered in this order. */
  routes?: readonly ModuleRoutes[];
  /** Paths its callers reach without our cookies, so exempt from the XSRF check (e.g. a gateway's). */
  xsrfExemptPrefixes?: readonly string[];
}

/**
 * One route plugin under `prefix`: `options` gives the plugin its options from the server's
 * context (e.g. health's `pingRedis`); `when` leaves the plugin out for a configuration (e.g. the
 * identity sandbox's pages unless the sandbox provider is chosen).
 */
export function routesAt<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>,
  prefix: RoutePrefix,
  extra: { options?: (context: ModuleContext) => Options; when?: (config: Config) => boolean } = {},
): ModuleRoutes {
  return {
    prefix,
    async register(app, context) {
      if (extra.when && !extra.when(app.config)) return;
      const options = extra.options?.(context) ?? ({} as Options);
      await app.register(plugin as FastifyPluginAsync<Options>, { ...options, prefix });
    },
  };
}

/**
 * Registers `modules` on `app` in two passes, each in the list's order: every module's `install`,
 * then every module's routes. Call after the platform's hooks (errors, security headers, XSRF,
 * OpenAPI, access control, rate limits) and before the web apps' fallbacks.
 */
export async function registerModules(
  app: FastifyInstance,
  modules: readonly ModuleDefinition[],
  context: ModuleContext,
): Promise<void> {
  for (const module of modules) await module.install?.(app);
  for (const module of modules) for (const routes of module.routes ?? []) await routes.register(app, context);
}
