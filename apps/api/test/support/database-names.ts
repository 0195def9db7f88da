/** Every database of one test run starts with this; its migrated template is `<prefix>template`. */
export function testDatabasePrefix(runId: string): string {
  return `bcp_test_${runId}_`;
}

/** The same connection URL pointing at another database. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
