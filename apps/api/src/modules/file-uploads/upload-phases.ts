import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * Where an upload job's time went (issue 16 "Done when": the upload bench prints it), published
 * on the diagnostics channel `bcp:file-upload-phases` when the job ends: nothing is measured for
 * the product itself and nothing is published without a subscriber (the bench's server subscribes
 * and reports to the bench over IPC).
 */
export interface UploadPhases {
  fileUploadId: number;
  /** `validate` (read, check, stage, set-based checks) or `accept` (the load). */
  job: 'validate' | 'accept';
  /** Seconds by phase, in the order they ran. */
  seconds: Record<string, number>;
}

/** The channel the phases of each upload job are published on. */
export const UPLOAD_PHASES_CHANNEL = 'bcp:file-upload-phases';
const channel = diagnosticsChannel.channel(UPLOAD_PHASES_CHANNEL);

/** A stopwatch for one job's phases: `time` runs a phase, `add` counts seconds measured elsewhere. */
export function uploadPhaseClock(fileUploadId: number, job: UploadPhases['job']) {
  const seconds: Record<string, number> = {};
  const add = (phase: string, value: number) => {
    seconds[phase] = (seconds[phase] ?? 0) + value;
  };
  return {
    add,
    /** Runs `work` and adds its seconds to `phase`. */
    async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await work();
      } finally {
        add(phase, (performance.now() - started) / 1000);
      }
    },
    /** Publishes the phases (only when someone listens). */
    publish() {
      if (channel.hasSubscribers) channel.publish({ fileUploadId, job, seconds } satisfies UploadPhases);
    },
  };
}

/** A phase clock of the jobs, or one that measures into the void when nobody listens. */
export type UploadPhaseClock = ReturnType<typeof uploadPhaseClock>;
