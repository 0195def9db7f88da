/** Types of `time-scale.mjs` for the TypeScript configs and tests that use it. */
export declare const PROBE_ITERATIONS: number;
export declare const REFERENCE_PROBE_MS: number;
export declare const MAX_TIME_SCALE: number;
export declare function measureTimeScale(): { scale: number; load: number; cores: number; probeMs: number };
export declare function timeScale(env?: NodeJS.ProcessEnv): number;
export declare function scaled(milliseconds: number): number;
