/**
 * The SQL that fills the back office's other tables of the bench database (issue 25), on top of
 * the 1,000,000 persons and 1,100,000 benefits of `seed-sql.ts`: funds, staff users and a role,
 * member accounts, claims, tasks, audit events, file uploads with their staged rows, invoices and
 * enrichment records. Every row is generated inside PostgreSQL (generate_series), in one
 * transaction, so it takes seconds.
 */

/** How many rows of each table the staff lists bench seeds (realistic sizes for a few years of use). */
export const STAFF_LIST_ROWS = {
  /** Other funds beside the Bench Fund (the funds list, invoices and uploads spread over them). */
  funds: 49,
  staffUsers: 200,
  /** Member accounts, each with one claim of their (non-surplus) benefit. */
  claims: 100_000,
  tasks: 200_000,
  auditEvents: 1_000_000,
  fileUploads: 2_000,
  /** Staged rows of the 5 largest uploads (100,000 each), ID numbers of seeded persons. */
  uploadRows: 500_000,
  invoices: 20_000,
  enrichmentRecords: 300_000,
} as const;

const rows = STAFF_LIST_ROWS;

/**
 * The statements, in order, after the tables they fill were truncated (identities restarted: claim
 * ids run from 1). Every value is a constant or comes from rows seeded before (the Bench Fund is
 * the fund with the lowest id).
 */
export function staffListSeedStatements(): string[] {
  return [
    // Statistics of the rows inserted so far in this transaction, so that the joins below plan well.
    'analyze persons, benefits',
    `insert into funds (name, registration_number, contact_email)
     select 'Bench Fund ' || i, '98/' || lpad(i::text, 4, '0') || '/1', 'fund' || i || '@example.org'
     from generate_series(1, ${rows.funds}) as i`,
    `insert into roles (name, description) values ('bench-reviewer', 'Seeded by the bench') on conflict do nothing`,
    `insert into users (email, name, two_factor_method, active, password_hash)
     select 'bench-staff-' || i || '@benefitfinder.co.za', (array['Thandi','Ruan','Priya','Lindiwe','Mark'])[1 + i % 5]
       || ' ' || (array['Zulu','Smit','Pillay','Mahlangu','Jacobs'])[1 + (i / 5) % 5], 'EMAIL', i % 10 <> 0, 'bench'
     from generate_series(1, ${rows.staffUsers}) as i`,
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u, roles r
     where u.email like 'bench-staff-%' and r.name = 'bench-reviewer' and u.id % 2 = 0`,
    // Member accounts of every tenth person (offset 3), each claiming its one non-surplus benefit.
    `insert into person_users (person_id, email, password_hash, two_factor_method, terms_accepted_at)
     select id, 'member' || id || '@example.org', 'bench', 'EMAIL', now()
     from persons where id % 10 = 3 order by id limit ${rows.claims}`,
    `insert into benefit_claims (benefit_id, fund_id, person_user_id, status, submitted_at, created_at, updated_at)
     select b.id, b.fund_id, pu.id, s.status, case when s.status = 'draft' then null else s.at end, s.at, s.at
     from person_users pu
     join benefits b on b.person_id = pu.person_id and b.benefit_type <> 'surplus'
     cross join lateral (
       select (array['draft','submitted','submitted','submitted','in_review','in_review','approved','rejected','paid','paid'])
         [1 + pu.id % 10] as status, now() - (pu.id % 700) * interval '1 day' as at
     ) s`,
    'analyze person_users, benefit_claims',
    `update benefits set status = 'claimed' where id in (select benefit_id from benefit_claims) and status = 'unclaimed'`,
    'analyze users, tasks',
    `insert into tasks (title, description, entity_type, entity_id, assignee_id, status, due_date, created_at)
     select case when i % 3 = 0 then 'Call the member about claim ' || c.id else 'Review claim ' || c.id end,
       'Check the documents and the bank account of claim ' || c.id,
       'claims', c.id::text,
       (select min(id) from users where email like 'bench-staff-%') + i % ${rows.staffUsers},
       (array['open','open','open','completed','completed','completed','completed','completed','completed','rejected'])[1 + i % 10],
       current_date + (i % 60) - 30, now() - (i % 700) * interval '1 day'
     from generate_series(1, ${rows.tasks}) as i
     join benefit_claims c on c.id = 1 + (i - 1) % ${rows.claims}`,
    // Audit events: claims and tasks (most), benefits, staff users (200 each), and the funds.
    `insert into audit_events (occurred_at, actor_type, actor_id, actor_label, action, entity_type, entity_id, after)
     select now() - (i % 900) * interval '1 day', 'staff', 1 + i % ${rows.staffUsers}, 'bench-staff@benefitfinder.co.za',
       e.action, e.entity_type, e.entity_id, jsonb_build_object('status', 'in_review', 'note', 'bench ' || i)
     from generate_series(1, ${rows.auditEvents}) as i
     cross join (select (select min(id) from users where email like 'bench-staff-%') as staff,
       (select min(id) from funds) as fund) base
     cross join lateral (
       select case
         when i % 100 < 40 then 'claims.updated' when i % 100 < 80 then 'tasks.updated'
         when i % 100 < 95 then 'benefits.updated' when i % 100 < 99 then 'users.updated' else 'funds.updated' end as action,
       case
         when i % 100 < 40 then 'claims' when i % 100 < 80 then 'tasks'
         when i % 100 < 95 then 'benefits' when i % 100 < 99 then 'users' else 'funds' end as entity_type,
       case
         when i % 100 < 40 then (1 + i % ${rows.claims})::text when i % 100 < 80 then (1 + i % ${rows.tasks})::text
         when i % 100 < 95 then (1 + i % 1000000)::text
         when i % 100 < 99 then (base.staff + i % ${rows.staffUsers})::text else base.fund::text end as entity_id
     ) e`,
    `insert into file_uploads (fund_id, kind, file_name, status, sha256, uploaded_by_user_id, row_count, rows_read, created_at)
     select f.id, (array['member_file','trace_results','payment_confirmations'])[1 + i % 3], 'members-' || i || '.csv',
       (array['accepted','accepted','accepted','validated','rejected','failed','awaiting_file','uploaded'])[1 + i % 8],
       md5(i::text), (select min(id) from users where email like 'bench-staff-%') + i % ${rows.staffUsers},
       case when i <= 5 then 100000 else 1000 end, case when i <= 5 then 100000 else 1000 end,
       now() - (i % 700) * interval '1 day'
     from generate_series(1, ${rows.fileUploads}) as i
     join (select id, row_number() over (order by id) as n from funds) f on f.n = 1 + i % ${rows.funds + 1}`,
    `insert into file_upload_rows (file_upload_id, line, refused, id_number, first_name, last_name, member_number,
       benefit_type, amount_cents)
     select u.id, 1 + (p.id - 1) / 5, p.id % 50 = 0, p.id_number, p.first_name, p.last_name,
       'BM' || lpad(p.id::text, 9, '0'), 'withdrawal', 10000
     from persons p
     join (select id, row_number() over (order by id) - 1 as n from file_uploads order by id limit 5) u on u.n = p.id % 5
     where p.id <= ${rows.uploadRows}`,
    `insert into invoices (kind, status, number, fund_id, period_from, period_to, issue_date, recipient, total_cents, created_at)
     select case when i % 20 = 0 then 'credit_note' else 'invoice' end, case when i % 4 = 0 then 'draft' else 'issued' end,
       case when i % 4 = 0 then null else 'INV-' || lpad(i::text, 7, '0') end, f.id,
       date '2024-01-01' + (i % 700), date '2024-01-01' + (i % 700) + 30, date '2024-01-01' + (i % 700) + 31,
       jsonb_build_object('name', 'Fund ' || f.id, 'address', jsonb_build_array('1 Main Road'), 'vatNumber', null),
       100000 + i, now() - (i % 700) * interval '1 day'
     from generate_series(1, ${rows.invoices}) as i
     join (select id, row_number() over (order by id) as n from funds) f on f.n = 1 + i % ${rows.funds + 1}`,
    `insert into enrichment_records (person_id, kind, status, result, provider, provider_reference, lawful_purpose, checked_at)
     select id, 'id_validation', (array['completed','completed','completed','failed','pending'])[1 + id % 5],
       case when id % 5 < 3 then (array['valid','valid','valid','invalid'])[1 + id % 4] else null end,
       'sandbox', 'REF' || id, 'tracing unclaimed benefits', now() - (id % 300) * interval '1 day'
     from persons where id % 10 < 3 order by id limit ${rows.enrichmentRecords}`,
  ];
}
