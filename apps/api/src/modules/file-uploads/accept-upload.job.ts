import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { withoutRowForeignKeyChecks } from '../../db/foreign-key-checks.js';
import { rowsOf } from '../../db/result-rows.js';
import { fileUploads } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { isUniqueViolation } from '../../platform/errors/error-handler.js';
import { type UploadPhaseClock, uploadPhaseClock } from './upload-phases.js';

/** The job queue that loads an accepted upload's valid staging rows. */
export const ACCEPT_UPLOAD_QUEUE = 'file-upload-accept';

/** What a load did: rows loaded, person users to tell of new money, claims paid to announce. */
interface Loaded {
  importedCount: number;
  tell: number[];
  paidClaims?: number[];
}

/**
 * What loading tells people, in the load's transaction (the notification service; see
 * `install-file-uploads.ts`): stored with the load, or not at all.
 */
export interface AcceptAnnouncements {
  /** "New money found for you at {fund}" to each person user, batched. */
  newMoney: (tx: Database, personUserIds: number[], fundId: number) => Promise<void>;
  /**
   * Issue 21 item 3: one notice to each watchlist entry whose ID number gained a new benefit in
   * this member file (persons without an account), queued in the load's transaction.
   */
  watchedMoney?: (tx: Database, fileUploadId: number) => Promise<void>;
  /** The claim's move to paid, as the partner API announces it. */
  claimPaid: (tx: Database, claimId: number) => Promise<void>;
  /** Once the load has committed: start what was queued (wakes the job workers). */
  committed: () => void;
  /** A member file's persons are in, committed: enrich them (issue 17; the enrichment module queues its run). */
  memberFileLoaded?: (fileUploadId: number, fundId: number) => Promise<void>;
}

/** Rows changed by a statement (PGlite and node-postgres both answer `rowCount`, or `affectedRows`). */
function changed(result: unknown): number {
  const answer = result as { rowCount?: number | null; affectedRows?: number };
  return answer.rowCount ?? answer.affectedRows ?? 0;
}

/** A member file's valid rows, the last of the file for each ID number (what persons get). */
const personRows = (id: number) => sql`
  select distinct on (r.id_number)
    r.id_number, r.first_name, r.last_name, r.date_of_birth, r.gender, r.email, r.phone_number
  from file_upload_rows r
  where r.file_upload_id = ${id} and not r.refused`;
/** Persons' names and contact details from the file (a missing email or phone keeps the one on record). */
const personUpdate = (p: string, r: string) =>
  sql.raw(`first_name = ${r}.first_name, last_name = ${r}.last_name,
    email = coalesce(${r}.email, ${p}.email), phone_number = coalesce(${r}.phone_number, ${p}.phone_number),
    updated_at = now()`);

/** A member file's valid rows joined to their persons, the last of the file for each benefit. */
const benefitRows = (id: number, fundId: number) => sql`
  select distinct on (r.member_number, r.benefit_type)
    ${fundId}::bigint as fund_id, p.id as person_id, r.member_number, r.benefit_type, r.amount_cents,
    ${id}::bigint as file_upload_id
  from file_upload_rows r
  join persons p on p.id_number = r.id_number
  where r.file_upload_id = ${id} and not r.refused`;
const benefitColumns = sql.raw('fund_id, person_id, member_number, benefit_type, amount_cents, file_upload_id');
/** Benefits loaded: the count, and the signed-up members who gained a new benefit (`loaded` has person_id, inserted). */
const loadedSummary = sql`
  select count(*)::int as imported,
    coalesce(array_agg(distinct pu.id) filter (where loaded.inserted and pu.id is not null), '{}') as tell
  from loaded left join person_users pu on pu.person_id = loaded.person_id`;

/**
 * Persons and benefits without `ON CONFLICT` (decision 023): the known ones updated, then the new
 * ones inserted plainly (no speculative insertion: one index probe and one WAL record less per
 * row, about 40% of the persons' insert). Benefits as `loadWithConflicts` says.
 * @throws the unique violation when someone else inserted one of the same persons or benefits
 *   meanwhile (the caller then runs `loadWithConflicts`)
 */
async function loadPlainly(db: Database, tx: Database, id: number, fundId: number, clock: UploadPhaseClock) {
  await clock.time('persons', async () => {
    await tx.execute(sql`
      update persons p set ${personUpdate('p', 'r')}
      from (${personRows(id)} order by r.id_number, r.line desc) r
      where p.id_number = r.id_number`);
    await tx.execute(sql`
      insert into persons (id_number, first_name, last_name, date_of_birth, gender, email, phone_number)
      ${personRows(id)} and not exists (select 1 from persons known where known.id_number = r.id_number)
      order by r.id_number, r.line desc`);
  });
  await lockFundAndUpload(tx, id, fundId);
  // A fund's first file has no benefits to update: no second sort and join of its rows for that.
  const [fund] = rowsOf<{ known: boolean }>(
    await tx.execute(sql`select exists (select 1 from benefits where fund_id = ${fundId}) as known`),
  );
  const noneKnown = sql`select null::bigint as person_id, false as inserted where false`;
  return clock.time('benefits', () =>
    withoutRowForeignKeyChecks(db, tx, () =>
      tx.execute(sql`
      with updated as (${fund?.known ? updateKnownBenefits(id, fundId) : noneKnown}), inserted as (
        insert into benefits (${benefitColumns})
        ${benefitRows(id, fundId)} and not exists (
          select 1 from benefits known
          where known.fund_id = ${fundId} and known.member_number = r.member_number and known.benefit_type = r.benefit_type)
        order by r.member_number, r.benefit_type, r.line desc
        returning person_id, true as inserted
      ), loaded as (select * from updated union all select * from inserted)
      ${loadedSummary}`),
    ),
  );
}

/** The fund's known benefits still unclaimed, with the file's amounts (`returning person_id, inserted`). */
const updateKnownBenefits = (id: number, fundId: number) => sql`
        update benefits b set amount_cents = r.amount_cents, file_upload_id = r.file_upload_id, updated_at = now()
        from (${benefitRows(id, fundId)} order by r.member_number, r.benefit_type, r.line desc) r
        where b.fund_id = ${fundId} and b.member_number = r.member_number and b.benefit_type = r.benefit_type
          and b.status = 'unclaimed'
        returning b.person_id, false as inserted`;

/**
 * The same load with `INSERT ... ON CONFLICT`, safe beside other writers of persons and benefits:
 * persons by ID number, then benefits by fund, member number and type (a known benefit still
 * unclaimed gets the new amount; one claimed or paid is left as it is).
 */
async function loadWithConflicts(db: Database, tx: Database, id: number, fundId: number, clock: UploadPhaseClock) {
  await clock.time('persons (on conflict)', () =>
    tx.execute(sql`
    insert into persons (id_number, first_name, last_name, date_of_birth, gender, email, phone_number)
    ${personRows(id)}
    order by r.id_number, r.line desc
    on conflict (id_number) do update set ${personUpdate('persons', 'excluded')}`),
  );
  await lockFundAndUpload(tx, id, fundId);
  return clock.time('benefits (on conflict)', () =>
    withoutRowForeignKeyChecks(db, tx, () =>
      tx.execute(sql`
    with loaded as (
      insert into benefits (${benefitColumns})
      ${benefitRows(id, fundId)}
      order by r.member_number, r.benefit_type, r.line desc
      on conflict (fund_id, member_number, benefit_type) do update set
        amount_cents = excluded.amount_cents,
        file_upload_id = excluded.file_upload_id,
        updated_at = now()
      where benefits.status = 'unclaimed'
      returning person_id, (xmax = 0) as inserted
    )
    ${loadedSummary}`),
    ),
  );
}

/**
 * The benefits' foreign keys, checked once for the file rather than per row: the fund and the
 * upload are locked here until commit, and every person the rows join to was inserted or updated
 * (so locked) by the persons' statements before. benefits has no triggers of its own.
 */
async function lockFundAndUpload(tx: Database, id: number, fundId: number): Promise<void> {
  const [fund] = rowsOf(await tx.execute(sql`select 1 from funds where id = ${fundId} for key share`));
  const [upload] = rowsOf(await tx.execute(sql`select 1 from file_uploads where id = ${id} for key share`));
  if (!fund || !upload) throw new Error('the fund or the upload is gone');
}

/**
 * A member file's valid rows into persons and benefits, set-based: persons by ID number (names
 * and contact details refreshed, a missing email or phone keeps the one on record), then benefits
 * by fund, member number and type (a known, still unclaimed benefit gets the new amount). The last
 * row of the file wins for a repeated ID number or benefit. Plain inserts of the new ones first
 * (`loadPlainly`, in a savepoint); if another writer inserted one of them meanwhile (a unique
 * violation), again with `ON CONFLICT` (`loadWithConflicts`).
 * @returns benefits recorded or updated, and the person users who gained a new benefit
 */
async function loadMemberFile(
  db: Database,
  tx: Database,
  id: number,
  fundId: number,
  clock: UploadPhaseClock,
): Promise<Loaded> {
  let result: unknown;
  try {
    result = await tx.transaction((savepoint) => loadPlainly(db, savepoint as unknown as Database, id, fundId, clock));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    result = await loadWithConflicts(db, tx, id, fundId, clock);
  }
  const [row] = rowsOf<{ imported: number; tell: (string | number)[] }>(result);
  return { importedCount: Number(row?.imported ?? 0), tell: (row?.tell ?? []).map(Number) };
}

/** Trace results' valid rows: the contact details found, on the persons known (set-based). */
async function loadTraceResults(tx: Database, id: number): Promise<Loaded> {
  const result = await tx.execute(sql`
    update persons p set
      email = coalesce(r.email, p.email),
      phone_number = coalesce(r.phone_number, p.phone_number),
      updated_at = now()
    from (
      select distinct on (id_number) id_number, email, phone_number
      from file_upload_rows
      where file_upload_id = ${id} and not refused
      order by id_number, line desc
    ) r
    where p.id_number = r.id_number`);
  return { importedCount: changed(result), tell: [] };
}

/**
 * Payment confirmations' valid rows (issue 16 rule 8): each approved claim of the fund moves to
 * `paid` with its payment reference and the date paid, its move recorded (actor `system`, the
 * reference as note) and its benefit `paid`, set-based. A claim no longer approved is left alone.
 * @returns claims paid; `paidClaims` to announce to their members
 */
async function loadPaymentConfirmations(tx: Database, id: number, fundId: number): Promise<Loaded> {
  const result = await tx.execute(sql`
    with confirmed as (
      select distinct on (claim_reference)
        claim_reference::bigint as claim_id, payment_reference, coalesce(paid_on::timestamptz, now()) as paid_at
      from file_upload_rows
      where file_upload_id = ${id} and not refused
      order by claim_reference, line desc
    ), paid as (
      update benefit_claims c set status = 'paid', payment_reference = confirmed.payment_reference,
        paid_at = confirmed.paid_at, updated_at = now()
      from confirmed, benefits b
      where c.id = confirmed.claim_id and c.status = 'approved' and b.id = c.benefit_id and b.fund_id = ${fundId}
      returning c.id, c.benefit_id, c.payment_reference
    ), events as (
      insert into benefit_claim_events (claim_id, from_status, to_status, actor_type, actor_id, note)
      select id, 'approved', 'paid', 'system', null, payment_reference from paid
    ), benefit_paid as (
      update benefits set status = 'paid', updated_at = now() where id in (select benefit_id from paid)
    )
    select coalesce(array_agg(id), '{}') as claims from paid`);
  const claims = (rowsOf<{ claims: (string | number)[] }>(result)[0]?.claims ?? []).map(Number);
  return { importedCount: claims.length, tell: [], paidClaims: claims };
}

/**
 * Loads an accepted upload (issue 16 rule 5), all or nothing: one transaction moves the valid
 * staging rows with set-based `INSERT ... SELECT ... ON CONFLICT` and marks the upload `accepted`
 * with its count (audited `file-uploads.loaded`). If anything fails nothing is loaded and the
 * upload is `failed` with a reason. In the same transaction members who gained a new benefit are
 * told (issue 16 rule 7, batched) and paid claims announced (rule 8), like the partner API does:
 * stored with the load or not at all. A crash mid-way rolls everything back; the job's retry loads
 * again from the staging rows.
 */
export async function acceptUpload(deps: { db: Database; announce: AcceptAnnouncements }, id: number): Promise<void> {
  const { db } = deps;
  const [upload] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  if (upload?.status !== 'accepting') return;
  const clock = uploadPhaseClock(id, 'accept');
  let committing = 0;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      // Room to sort and hash a large file's rows in memory rather than on disk (this transaction only).
      await tx.execute(sql`set local work_mem = '64MB'`);
      const result =
        upload.kind === 'member_file'
          ? await loadMemberFile(db, tx, id, upload.fundId, clock)
          : upload.kind === 'trace_results'
            ? await loadTraceResults(tx, id)
            : await loadPaymentConfirmations(tx, id, upload.fundId);
      const { importedCount } = result;
      await clock.time('announcements', async () => {
        if (result.tell.length > 0) await deps.announce.newMoney(tx, result.tell, upload.fundId);
        if (upload.kind === 'member_file') await deps.announce.watchedMoney?.(tx, id);
        for (const claimId of result.paidClaims ?? []) await deps.announce.claimPaid(tx, claimId);
      });
      await tx.update(fileUploads).set({ status: 'accepted', importedCount }).where(eq(fileUploads.id, id));
      await recordAudit(tx, {
        actor: { type: 'system', label: ACCEPT_UPLOAD_QUEUE },
        action: 'file-uploads.loaded',
        entityType: 'file-uploads',
        entityId: id,
        after: { importedCount },
      });
      committing = performance.now();
    });
    clock.add('commit', (performance.now() - committing) / 1000);
  } catch {
    await db
      .update(fileUploads)
      .set({ status: 'failed', failureReason: 'Loading the rows failed; nothing was loaded.' })
      .where(eq(fileUploads.id, id));
    return;
  }
  deps.announce.committed();
  clock.publish();
  if (upload.kind === 'member_file') await deps.announce.memberFileLoaded?.(id, upload.fundId);
}
