import { randomInt } from 'node:crypto';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** A member of the load database: signs in with a PIN, claims `benefitId` and uploads a document. */
export interface LoadMember {
  idNumber: string;
  phoneNumber: string;
  benefitId: number;
}

/** What the mix needs from the seeded database and the running processes. */
export interface MixSetup {
  /** The balancer's origin. */
  origin: string;
  members: readonly LoadMember[];
  password: string;
  /** ID numbers searched (half exist, half valid but unknown). */
  searchIdNumbers: readonly string[];
  staffToken: string;
  partnerKey: string;
  /** The newest PIN the SMS gateway received for a phone number (E.164), if any. */
  pinFor(phoneNumber: string): string | undefined;
  /** A small PDF (the document members upload). */
  document: Buffer;
  /** The next seeded submitted claim nobody has reviewed yet, or undefined when none is left. */
  nextSubmittedClaim(): number | undefined;
}

/** Writes answered 2xx, by kind: each is looked for in the database at the end. */
export interface AcknowledgedWrites {
  claims: Set<number>;
  documents: Set<number>;
  tasksCreated: Set<number>;
  tasksCompleted: Set<number>;
  /** Claims staff took into review (submitted -> in_review). */
  claimsReviewed: Set<number>;
  /** Claims the fund's administrator approved or rejected through the partner API. */
  claimsDecided: Set<number>;
}

/** The figures of one run of the mix. */
export interface MixRun {
  seconds: number;
  /** Latency of each call (microseconds), by call name. */
  latency: Map<string, RecordableHistogram>;
  /** Answers other than 2xx and connection errors, by call name (`connection` for errors without an answer). */
  errors: Map<string, number>;
  /** Errors by call and status, e.g. `sign-in 502` (`connection no answer` for connection errors). */
  errorStatuses: Map<string, number>;
  /** ms since the run started, of every error (for the recovery time). */
  errorTimes: number[];
  /** Member steps replaced by a search because the PIN had not reached the SMS gateway yet. */
  pinNotYetDelivered: number;
  writes: AcknowledgedWrites;
  totalRequests: number;
}

/** The connection's state through one cycle of the mix (autocannon's per-connection context). */
interface Cycle {
  client: string;
  member?: LoadMember;
  pendingToken?: string;
  memberToken?: string;
  /** The member's claim was started in this cycle (the upload needs it). */
  claimStarted?: boolean;
  taskId?: number;
  /** The submitted claim staff review in this cycle, and whether the review was answered 2xx. */
  reviewClaimId?: number;
  reviewed?: boolean;
}

type Request = autocannon.Request;

const JSON_HEADERS = { 'content-type': 'application/json' };
/** The XSRF pair members' and staff's state-changing calls carry (cookie and header alike). */
const XSRF = 'load-suite-xsrf-token-0123456789';

/**
 * Runs the day-in-the-life mix through autocannon for `durationSeconds` at `rate` requests/s over
 * `connections` connections. Each connection cycles through: an anonymous ID search (known), a
 * member's sign-in (ID number and password: a PIN goes out by SMS), an anonymous search (unknown),
 * a staff list (tasks), a partner call (claims list), a staff list (benefits), the PIN entered,
 * the member's claim started, a document uploaded (multipart PDF), a staff task created and decided
 * (completed), another member's submitted claim taken into review by staff and then approved (even
 * ids) or rejected with a reason (odd) by the fund's administrator through the partner API. A member
 * step whose PIN has not arrived yet becomes an anonymous search (counted), as does an upload whose
 * claim start failed, or a decision whose review failed (so one failure is not counted twice).
 * Every connection's cycle comes from its own client address (X-Forwarded-For, TRUST_PROXY), as
 * members do, so per-IP limits count each member's own calls.
 * @param onTick called every second with the ms since the start (faults are injected from it)
 */
export async function runMix(
  setup: MixSetup,
  options: { durationSeconds: number; rate: number; connections: number },
  onTick?: (elapsedMs: number) => void,
): Promise<MixRun> {
  const latency = new Map<string, RecordableHistogram>();
  const errors = new Map<string, number>();
  const errorTimes: number[] = [];
  const writes: AcknowledgedWrites = {
    claims: new Set(),
    documents: new Set(),
    tasksCreated: new Set(),
    tasksCompleted: new Set(),
    claimsReviewed: new Set(),
    claimsDecided: new Set(),
  };
  let memberCursor = randomInt(setup.members.length);
  let searchCursor = 0;
  let pinNotYetDelivered = 0;
  const started = performance.now();
  /** The call just answered: onResponse sets it, autocannon's `response` event (next, same tick) reads it. */
  let answered: { label: string; status: number } | undefined;
  const statuses = new Map<string, number>();
  const failed = (label: string, status?: number) => {
    errors.set(label, (errors.get(label) ?? 0) + 1);
    const key = `${label} ${status ?? 'no answer'}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    errorTimes.push(performance.now() - started);
  };

  const headers = (cycle: Cycle, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': cycle.client,
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
    ...extra,
  });
  const search = (label: string, request: Request, cycle: Cycle): Request => {
    searchCursor = (searchCursor + 1) % setup.searchIdNumbers.length;
    (cycle as Cycle & { label: string }).label = label;
    return {
      ...request,
      method: 'GET',
      path: `/api/app/benefits/idNumber?idNumber=${setup.searchIdNumbers[searchCursor]}`,
      headers: headers(cycle),
      body: undefined,
    } as Request;
  };
  /** A step of the mix: `build` makes the request (undefined: an anonymous search instead). */
  const step = (
    label: string,
    build: (cycle: Cycle, request: Request) => Partial<Request> | undefined,
    onOk?: (body: string, cycle: Cycle) => void,
  ): Request => ({
    setupRequest: (request: Request, context: unknown) => {
      const cycle = context as Cycle & { label: string };
      const built = build(cycle, request);
      if (!built) return search('search', request, cycle);
      cycle.label = label;
      return { ...request, body: undefined, ...built } as Request;
    },
    onResponse: (status: number, body: string, context: unknown) => {
      const cycle = context as Cycle & { label: string };
      answered = { label: cycle.label, status };
      if (status >= 200 && status < 300 && cycle.label === label) onOk?.(body, cycle);
    },
  });
  /** A signed-in member's step (`needsClaim`: only once the claim was started in this cycle). */
  const memberStep = (
    label: string,
    build: (cycle: Cycle & { member: LoadMember; memberToken: string }) => Partial<Request>,
    onOk?: (body: string, cycle: Cycle) => void,
    needsClaim = false,
  ) =>
    step(
      label,
      (cycle) => {
        if (!cycle.member || !cycle.memberToken || (needsClaim && !cycle.claimStarted)) return undefined;
        return build(cycle as Cycle & { member: LoadMember; memberToken: string });
      },
      onOk,
    );
  const boundary = 'load-suite-boundary-7d3f';
  const multipart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    setup.document,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  const requests: Request[] = [
    step('search', (cycle) => {
      cycle.client = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
      searchCursor = (searchCursor + 2) % setup.searchIdNumbers.length;
      return {
        method: 'GET',
        path: `/api/app/benefits/idNumber?idNumber=${setup.searchIdNumbers[searchCursor]}`,
        headers: headers(cycle),
      };
    }),
    step(
      'sign-in',
      (cycle) => {
        memberCursor = (memberCursor + 1) % setup.members.length;
        cycle.member = setup.members[memberCursor];
        return {
          method: 'POST',
          path: '/api/app/beneficiary-sessions/login',
          headers: headers(cycle, JSON_HEADERS),
          body: JSON.stringify({ identifier: cycle.member?.idNumber, password: setup.password }),
        };
      },
      (body, cycle) => {
        cycle.pendingToken = (JSON.parse(body) as { apiToken: string }).apiToken;
      },
    ),
    step('search', (cycle) => {
      searchCursor = (searchCursor + 2) % setup.searchIdNumbers.length;
      return {
        method: 'GET',
        path: `/api/app/benefits/idNumber?idNumber=${setup.searchIdNumbers[(searchCursor + 1) % setup.searchIdNumbers.length]}`,
        headers: headers(cycle),
      };
    }),
    step('staff-list', (cycle) => ({
      method: 'GET',
      path: '/api/v1/tasks?pageSize=25',
      headers: headers(cycle, { authorization: `Bearer ${setup.staffToken}` }),
    })),
    step('partner-call', (cycle) => ({
      method: 'POST',
      path: '/api/v2/benefitclaim/getlist',
      headers: { 'x-forwarded-for': cycle.client, authorization: `Bearer ${setup.partnerKey}`, ...JSON_HEADERS },
      body: JSON.stringify({ pageSize: 25 }),
    })),
    step('staff-list', (cycle) => ({
      method: 'GET',
      path: '/api/v1/benefits?pageSize=25',
      headers: headers(cycle, { authorization: `Bearer ${setup.staffToken}` }),
    })),
    step(
      'pin',
      (cycle) => {
        const pin = cycle.member && cycle.pendingToken ? setup.pinFor(cycle.member.phoneNumber) : undefined;
        if (!pin) {
          if (cycle.pendingToken) pinNotYetDelivered += 1;
          return undefined;
        }
        return {
          method: 'POST',
          path: '/api/app/beneficiary-sessions/verifyOtp',
          headers: headers(cycle, { ...JSON_HEADERS, authorization: `Bearer ${cycle.pendingToken}` }),
          body: JSON.stringify({ otp: pin }),
        };
      },
      (_body, cycle) => {
        cycle.memberToken = cycle.pendingToken;
      },
    ),
    memberStep(
      'claim-start',
      (cycle) => ({
        method: 'POST',
        path: `/api/app/benefit-claims/${cycle.member.benefitId}`,
        headers: headers(cycle, { ...JSON_HEADERS, authorization: `Bearer ${cycle.memberToken}` }),
        body: '{}',
      }),
      (body, cycle) => {
        writes.claims.add((JSON.parse(body) as { id: number }).id);
        cycle.claimStarted = true;
      },
    ),
    memberStep(
      'claim-upload',
      (cycle) => ({
        method: 'POST',
        path: `/api/app/benefit-claims/${cycle.member.benefitId}/documents?kind=ID_COPY`,
        headers: headers(cycle, {
          authorization: `Bearer ${cycle.memberToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        }),
        body: multipart,
      }),
      (body) => {
        const claim = JSON.parse(body) as { documents: { id: number; kind: string }[] };
        for (const document of claim.documents) if (document.kind === 'ID_COPY') writes.documents.add(document.id);
      },
      true,
    ),
    step(
      'staff-decision',
      (cycle) => ({
        method: 'POST',
        path: '/api/v1/tasks',
        headers: headers(cycle, { ...JSON_HEADERS, authorization: `Bearer ${setup.staffToken}` }),
        body: JSON.stringify({ title: 'Call the member back', description: 'Load suite' }),
      }),
      (body, cycle) => {
        cycle.taskId = (JSON.parse(body) as { id: number }).id;
        writes.tasksCreated.add(cycle.taskId);
      },
    ),
    step(
      'staff-decision',
      (cycle) =>
        cycle.taskId
          ? {
              method: 'PATCH',
              path: `/api/v1/tasks/${cycle.taskId}/complete`,
              headers: headers(cycle, { authorization: `Bearer ${setup.staffToken}` }),
            }
          : undefined,
      (_body, cycle) => {
        if (cycle.taskId) writes.tasksCompleted.add(cycle.taskId);
      },
    ),
    step(
      'claim-review',
      (cycle) => {
        cycle.reviewed = false;
        cycle.reviewClaimId = setup.nextSubmittedClaim();
        if (cycle.reviewClaimId === undefined) return undefined;
        return {
          method: 'POST',
          path: `/api/v1/benefits/claim/${cycle.reviewClaimId}/review`,
          headers: headers(cycle, { authorization: `Bearer ${setup.staffToken}` }),
        };
      },
      (_body, cycle) => {
        if (cycle.reviewClaimId === undefined) return;
        writes.claimsReviewed.add(cycle.reviewClaimId);
        cycle.reviewed = true;
      },
    ),
    step(
      'claim-decision',
      (cycle) => {
        const claimId = cycle.reviewClaimId;
        if (!cycle.reviewed || claimId === undefined) return undefined;
        const decision =
          claimId % 2 === 0
            ? { claimId, decision: 'approved' }
            : { claimId, decision: 'rejected', reason: 'The member was paid out in 2019.' };
        return {
          method: 'POST',
          path: '/api/v2/benefitclaim/approvalresponse',
          headers: { 'x-forwarded-for': cycle.client, authorization: `Bearer ${setup.partnerKey}`, ...JSON_HEADERS },
          body: JSON.stringify(decision),
        };
      },
      (_body, cycle) => {
        if (cycle.reviewClaimId !== undefined) writes.claimsDecided.add(cycle.reviewClaimId);
        cycle.reviewed = false;
      },
    ),
  ];

  const ticker = setInterval(() => onTick?.(performance.now() - started), 1000);
  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: setup.origin,
          connections: options.connections,
          overallRate: options.rate,
          duration: options.durationSeconds,
          timeout: 10,
          initialContext: { client: '10.0.0.1' },
          requests,
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
        const label = answered?.label ?? 'unknown';
        answered = undefined;
        let histogram = latency.get(label);
        if (!histogram) {
          histogram = createHistogram();
          latency.set(label, histogram);
        }
        histogram.record(Math.max(1, Math.round(responseTimeMs * 1000)));
        if (statusCode < 200 || statusCode >= 300) failed(label, statusCode);
      });
      instance.on('reqError', () => failed('connection'));
    });
    return {
      seconds: (performance.now() - started) / 1000,
      latency,
      errors,
      errorStatuses: statuses,
      errorTimes,
      pinNotYetDelivered,
      writes,
      totalRequests: result.requests.total,
    };
  } finally {
    clearInterval(ticker);
  }
}
