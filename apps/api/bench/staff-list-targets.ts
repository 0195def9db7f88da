import type pg from 'pg';

/** One staff list under load: every query of it the bench sends in turn. */
export interface ListTarget {
  /** e.g. `benefits` */
  name: string;
  /** e.g. `GET /api/v1/benefits` */
  route: string;
  paths: string[];
}

/** Reads the seeded data the queries name (funds, persons, users, claims, tasks). */
async function sample(client: pg.Client) {
  const one = async (sql: string) => (await client.query(sql)).rows[0]?.id as number;
  const ids = async (sql: string) => (await client.query(sql)).rows.map((row) => String(row.value));
  return {
    benchFund: await one('select min(id) as id from funds'),
    otherFund: await one(`select max(id) as id from funds`),
    staff: await ids(`select id as value from users where email like 'bench-staff-%' order by id limit 10`),
    role: await one(`select id from roles where name = 'bench-reviewer'`),
    idNumbers: await ids('select id_number as value from persons tablesample system (0.1) limit 40'),
    claimantIdNumbers: await ids(
      `select p.id_number as value from person_users pu join persons p on p.id = pu.person_id
       where pu.id % 2500 = 0 order by pu.id limit 40`,
    ),
    memberNumbers: await ids(`select member_number as value from benefits where id % 100000 = 7 order by id`),
    surnames: await ids('select distinct last_name as value from persons where id < 1000'),
    tasks: await ids('select id as value from tasks where id % 10000 = 1 order by id'),
    sourcePersons: await ids('select id as value from persons where id % 12500 = 11 and id <= 500000 order by id'),
    invoiceNumbers: await ids(`select number as value from invoices where number is not null and id % 2000 = 1`),
  };
}

type Fetcher = (path: string) => Promise<{ nextCursor?: string | null }>;

/** `pages` cursor pages of `path` (`pageSize=100` steps, so the last is deep), each as a 25-row page. */
async function cursorPages(fetchJson: Fetcher, path: string, pages: number): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null | undefined = null;
  const join = path.includes('?') ? '&' : '?';
  for (let page = 0; page < pages; page += 1) {
    const body = await fetchJson(`${path}${join}pageSize=100${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = body.nextCursor;
    if (!cursor) break;
    found.push(`${path}${join}pageSize=25&cursor=${cursor}`);
  }
  return found;
}

/** Numbered pages 2..`last` of an offset list (`page=N`), the deep ones included. */
const numberedPages = (path: string, last: number, step = 1): string[] => {
  const join = path.includes('?') ? '&' : '?';
  const pages: string[] = [];
  for (let page = 2; page <= last; page += step) pages.push(`${path}${join}page=${page}`);
  return pages;
};

const q = (value: string) => `q=${encodeURIComponent(value)}`;

/**
 * Every staff (back-office) list of the API with the queries staff make of it: first page, each
 * filter, search by ID number and by surname where the list has them, and deep pages (by cursor,
 * or page numbers up to 40 for the numbered lists).
 * @param fetchJson GET through the app as the bench's super-admin (follows cursors)
 */
export async function buildListTargets(client: pg.Client, fetchJson: Fetcher): Promise<ListTarget[]> {
  const s = await sample(client);
  const fund = s.benchFund;
  const B = '/api/v1/benefits';
  const C = '/api/v1/benefits/claims';
  const records = `/api/v1/funds/${fund}/enrichment-steps/records`;
  return [
    {
      name: 'benefits',
      route: `GET ${B}`,
      paths: [
        B,
        `${B}?sort=id:asc`,
        ...['unclaimed', 'claimed', 'paid'].map((status) => `${B}?filter[status]=${status}`),
        `${B}?filter[fundId]=${fund}`,
        `${B}?filter[fundId]=${fund}&filter[status]=claimed`,
        `${B}?filter[createdFrom]=2020-01-01`,
        ...s.idNumbers.map((id) => `${B}?${q(id)}`),
        ...s.surnames.map((name) => `${B}?${q(name)}`),
        ...s.memberNumbers.map((number) => `${B}?${q(number)}`),
        ...(await cursorPages(fetchJson, B, 40)),
        ...(await cursorPages(fetchJson, `${B}?filter[status]=paid`, 20)),
      ],
    },
    {
      name: 'claims',
      route: `GET ${C}`,
      paths: [
        C,
        ...['draft', 'submitted', 'in_review', 'approved', 'rejected', 'paid'].map((st) => `${C}?filter[status]=${st}`),
        `${C}?filter[fundId]=${fund}`,
        `${C}?filter[submittedFrom]=2026-01-01`,
        ...s.claimantIdNumbers.map((id) => `${C}?${q(id)}`),
        ...s.surnames.map((name) => `${C}?${q(name)}`),
        ...(await cursorPages(fetchJson, C, 40)),
        ...(await cursorPages(fetchJson, `${C}?filter[status]=in_review`, 20)),
      ],
    },
    {
      name: 'tasks',
      route: 'GET /api/v1/tasks',
      paths: [
        '/api/v1/tasks',
        '/api/v1/tasks?sort=dueDate:asc',
        ...['open', 'completed', 'rejected'].map((status) => `/api/v1/tasks?filter[status]=${status}`),
        ...s.staff.map((id) => `/api/v1/tasks?filter[assigneeId]=${id}&filter[status]=open`),
        ...s.tasks.map((id) => `/api/v1/tasks?filter[entityType]=claims&filter[entityId]=${id}`),
        ...numberedPages('/api/v1/tasks', 40),
        ...numberedPages('/api/v1/tasks?filter[status]=open', 40, 4),
      ],
    },
    {
      name: 'audit events',
      route: 'GET /api/v1/{users,funds,tasks}/{id}/audits',
      paths: [
        `/api/v1/funds/${fund}/audits`,
        `/api/v1/funds/${fund}/audits?filter[action]=funds.updated`,
        ...numberedPages(`/api/v1/funds/${fund}/audits`, 40),
        ...s.staff.map((id) => `/api/v1/users/${id}/audits`),
        ...numberedPages(`/api/v1/users/${s.staff[0]}/audits`, 8),
        ...s.tasks.map((id) => `/api/v1/tasks/${id}/audits`),
      ],
    },
    {
      name: 'users',
      route: 'GET /api/v1/users',
      paths: [
        '/api/v1/users',
        '/api/v1/users?filter[active]=true',
        '/api/v1/users?filter[active]=false',
        `/api/v1/users?filter[roleId]=${s.role}`,
        '/api/v1/users?q=Thandi',
        '/api/v1/users?q=bench-staff-17',
        '/api/v1/users?sort=lastSignInAt:desc',
        ...numberedPages('/api/v1/users', 8),
      ],
    },
    {
      name: 'roles, permissions, funds',
      route: 'GET /api/v1/{roles,permissions,funds}',
      paths: [
        '/api/v1/roles',
        '/api/v1/roles?q=review',
        '/api/v1/permissions',
        '/api/v1/permissions?page=2',
        '/api/v1/funds',
        '/api/v1/funds?q=Bench',
        '/api/v1/funds?filter[status]=active',
        '/api/v1/funds?page=2',
      ],
    },
    {
      name: 'file uploads',
      route: 'GET /api/v1/file-uploads',
      paths: [
        '/api/v1/file-uploads',
        `/api/v1/file-uploads?filter[fundId]=${s.otherFund}`,
        '/api/v1/file-uploads?filter[type]=trace_results',
        ...['accepted', 'validated', 'failed'].map((status) => `/api/v1/file-uploads?filter[status]=${status}`),
        `/api/v1/file-uploads?filter[uploadedBy]=${s.staff[1]}`,
        ...numberedPages('/api/v1/file-uploads', 40, 2),
      ],
    },
    {
      name: 'upload rows (person)',
      route: `GET ${B}/person/source/{personId}`,
      paths: s.sourcePersons.map((id) => `${B}/person/source/${id}`),
    },
    {
      name: 'invoices',
      route: 'GET /api/v1/invoices',
      paths: [
        '/api/v1/invoices',
        `/api/v1/invoices?filter[fundId]=${s.otherFund}`,
        '/api/v1/invoices?filter[status]=draft',
        '/api/v1/invoices?filter[kind]=credit_note',
        '/api/v1/invoices?sort=totalCents:desc',
        ...s.invoiceNumbers.map((number) => `/api/v1/invoices?${q(number)}`),
        ...numberedPages('/api/v1/invoices', 40, 2),
      ],
    },
    {
      name: 'enrichment records',
      route: 'GET /api/v1/funds/{id}/enrichment-steps/records',
      paths: [
        records,
        `${records}?filter[step]=id_validation`,
        ...['completed', 'failed', 'pending'].map((status) => `${records}?filter[status]=${status}`),
        `${records}?filter[result]=invalid`,
        ...s.sourcePersons.slice(0, 10).map((id) => `${records}?filter[personId]=${id}`),
        ...s.surnames.map((name) => `${records}?${q(name)}`),
        ...numberedPages(records, 40, 2),
      ],
    },
    {
      name: 'enrichment runs',
      route: 'GET /api/v1/file-uploads/enrichments',
      paths: ['/api/v1/file-uploads/enrichments', `/api/v1/file-uploads/enrichments?filter[fundId]=${fund}`],
    },
  ];
}
