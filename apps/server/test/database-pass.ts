/**
 * Which server test files the PostgreSQL pass (scripts/test-postgres.mjs) runs again: every one,
 * except those that declare `embeddedDatabaseOnly(reason)` at the top level.
 */

/** This test file's declaration, if it made one (each test file has its own module graph). */
let reason: string | undefined;

/**
 * Declares, at the top of a server test file, that its tests do not depend on TEST_DATABASE_URL
 * (they use no database, or only real server processes on PGlite, or try PostgreSQL themselves
 * in the first pass), so the PostgreSQL pass, which finds this call in the file's text, leaves
 * the file out: run again, it would repeat the first pass unchanged. A file that declares it and
 * then opens the test database (freshDatabase, createTestContext) fails, so a file that comes to
 * depend on the database cannot stay out of the PostgreSQL pass by mistake.
 */
export function embeddedDatabaseOnly(why: string): void {
  reason = why;
}

/** Throws when this test file declared embeddedDatabaseOnly: it is about to open the test database. */
export function assertInPostgresPass(): void {
  if (reason === undefined) return;
  throw new Error(
    `This test file opens the test database, yet declares embeddedDatabaseOnly ("${reason}"), ` +
      'which leaves it out of the PostgreSQL pass: remove the declaration.',
  );
}
