/**
 * How long a test that builds a project structure may take. Each structure is built in a worker process;
 * the first one a test file asks for starts it, which takes a few seconds on a loaded machine when run
 * from the TypeScript sources.
 */
export const STRUCTURE_TEST_TIMEOUT_MS = 30_000;
