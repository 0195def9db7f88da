/** The migrated template every PostgreSQL test database is cloned from. */
export const TEMPLATE_DATABASE = 'bcp_test_template';

/** The same connection URL pointing at another database. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
